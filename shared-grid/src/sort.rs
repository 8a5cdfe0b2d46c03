//! A small stable sort, by key, for short or nearly sorted lists: Robots' live robots, sorted
//! again after every step.
//!
//! Insertion, not the standard library's `sort_by_key`: that is a merge sort whose code is
//! copied for every key type, which leaves Robots' C bundle less than 8 KiB of its 64 KiB
//! even optimised for size (the sizes: `tools/bundle/benches/README.md`).
//! Insertion is O(n^2) comparisons at worst (Robots' opening list, once a case), O(n) on
//! nearly sorted lists (the robots after one step each), and keeps equal keys in their
//! order, as `sort_by_key` does.

/// Sorts `items` by `key`, keeping items with equal keys in their order. `key` may run
/// twice per comparison.
pub fn by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
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

    #[test]
    fn agrees_with_the_standard_stable_sort_on_every_short_list() {
        // Every list of up to 7 items with keys 0..3: ties are common, so the order among
        // equal keys is tested too (each item carries its original index).
        for len in 0..=7u32 {
            for code in 0..3usize.pow(len) {
                let items: Vec<(usize, u32)> =
                    (0..len).map(|i| (code / 3usize.pow(i) % 3, i)).collect();
                let mut ours = items.clone();
                by_key(&mut ours, |&(k, _)| k);
                let mut want = items;
                want.sort_by_key(|&(k, _)| k);
                assert_eq!(ours, want);
            }
        }
    }
}
