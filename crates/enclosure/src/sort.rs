//! The one sort the crate needs: stable, by key, for the short lists it sorts (the loops
//! closed in a turn, at most 4; the mud traps on the board).
//!
//! Insertion, not the standard library's `sort_by_key`: that is a merge sort whose code is
//! copied for every key type, and its copies were the largest piece of the C bundle's
//! images that the crate could do without (`crates/bundle/benches/README.md`). Insertion is
//! O(n^2) on lists of a few dozen at most, and keeps equal keys in order, as `sort_by_key`
//! does.

/// Sorts `items` by `key`, keeping items with equal keys in their order. `key` may run
/// twice per comparison.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    for next in 1..items.len() {
        let mut at = next;
        while at > 0 && key(&items[at - 1]) > key(&items[at]) {
            items.swap(at - 1, at);
            at -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn agrees_with_the_standard_stable_sort() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..2_000 {
            let len = rng.random_range(0..40);
            // Few distinct keys, so that ties are common and order among them is tested.
            let items: Vec<(u8, usize)> = (0..len).map(|i| (rng.random_range(0..5), i)).collect();
            let mut ours = items.clone();
            sort_by_key(&mut ours, |&(k, _)| k);
            let mut want = items;
            want.sort_by_key(|&(k, _)| k);
            assert_eq!(ours, want);
        }
    }
}
