//! Building blocks for [`crate::Problem::shrink`]: fewer items, smaller items, smaller numbers.
//! Every candidate is strictly smaller than what it came from, so greedy shrinking ends.

/// The list without one chunk, biggest chunks first: without everything, without each half,
/// each quarter, ..., without each single item.
pub fn removals<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    let n = items.len();
    let mut out = Vec::new();
    let mut chunk = n;
    while chunk >= 1 {
        let mut start = 0;
        while start < n {
            let end = (start + chunk).min(n);
            out.push([&items[..start], &items[end..]].concat());
            start += chunk;
        }
        chunk /= 2;
    }
    out
}

/// The list with one item replaced by one of its smaller variants (`smaller(item)`).
pub fn each<T: Clone>(items: &[T], smaller: impl Fn(&T) -> Vec<T>) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        for variant in smaller(item) {
            let mut list = items.to_vec();
            list[i] = variant;
            out.push(list);
        }
    }
    out
}

/// Numbers strictly closer to `target`: `target` itself, then halfway, three quarters of the
/// way back, ..., down to one step from `x` (so greedy shrinking finds a boundary quickly).
pub fn toward(x: i64, target: i64) -> Vec<i64> {
    let mut out = Vec::new();
    let mut gap = x.abs_diff(target);
    while gap > 0 {
        let candidate = if x > target {
            x - gap as i64
        } else {
            x + gap as i64
        };
        if out.last() != Some(&candidate) {
            out.push(candidate);
        }
        gap /= 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removals_go_from_everything_to_single_items() {
        let r = removals(&[1, 2, 3, 4]);
        assert_eq!(r[0], Vec::<i32>::new());
        assert_eq!(r[1..3], [vec![3, 4], vec![1, 2]]);
        assert_eq!(
            r[3..],
            [vec![2, 3, 4], vec![1, 3, 4], vec![1, 2, 4], vec![1, 2, 3]]
        );
        assert!(removals::<u8>(&[]).is_empty());
        // Odd lengths: the whole list, then each item alone.
        assert_eq!(removals(&[1, 2, 3]).len(), 1 + 3);
    }

    #[test]
    fn each_replaces_one_item_at_a_time() {
        let r = each(&[5, 7], |&x| if x > 5 { vec![x - 1] } else { vec![] });
        assert_eq!(r, [vec![5, 6]]);
    }

    #[test]
    fn toward_is_strictly_closer_and_ends_one_step_away() {
        assert_eq!(toward(100, 0), [0, 50, 75, 88, 94, 97, 99]);
        assert_eq!(toward(-8, 0), [0, -4, -6, -7]);
        assert_eq!(toward(3, 3), Vec::<i64>::new());
        assert_eq!(toward(1, 4), [4, 2]);
        for c in toward(1_000_000_007, 1) {
            assert!((1..1_000_000_007).contains(&c));
        }
    }
}
