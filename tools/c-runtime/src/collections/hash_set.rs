//! std's `HashSet`: hashbrown's set in a type of the runtime's own, as `hash_map` does for
//! the map. The set's own work (`insert`, `contains`, `union`, `is_subset`, ...) is
//! hashbrown's, through `Deref`; here are building one, the traits and operators std
//! implements, and what takes the set by value.

pub use hashbrown::hash_set::{
    Difference, Drain, ExtractIf, Intersection, IntoIter, Iter, SymmetricDifference, Union,
};

use crate::hash::RandomState;
use core::fmt;
use core::hash::{BuildHasher, Hash};
use core::ops::{BitAnd, BitOr, BitXor, Deref, DerefMut, Sub};

#[derive(Clone)]
pub struct HashSet<T, S = RandomState> {
    base: hashbrown::HashSet<T, S>,
}

impl<T> HashSet<T, RandomState> {
    pub fn new() -> Self {
        Self::with_hasher(RandomState)
    }

    pub fn with_capacity(capacity: usize) -> Self {
        Self::with_capacity_and_hasher(capacity, RandomState)
    }
}

impl<T, S> HashSet<T, S> {
    pub const fn with_hasher(hasher: S) -> Self {
        HashSet {
            base: hashbrown::HashSet::with_hasher(hasher),
        }
    }

    pub fn with_capacity_and_hasher(capacity: usize, hasher: S) -> Self {
        HashSet {
            base: hashbrown::HashSet::with_capacity_and_hasher(capacity, hasher),
        }
    }
}

impl<T, S> Deref for HashSet<T, S> {
    type Target = hashbrown::HashSet<T, S>;
    fn deref(&self) -> &Self::Target {
        &self.base
    }
}

impl<T, S> DerefMut for HashSet<T, S> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.base
    }
}

impl<T, S: Default> Default for HashSet<T, S> {
    fn default() -> Self {
        Self::with_hasher(S::default())
    }
}

impl<T: Eq + Hash, S: BuildHasher> PartialEq for HashSet<T, S> {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base
    }
}

impl<T: Eq + Hash, S: BuildHasher> Eq for HashSet<T, S> {}

impl<T: fmt::Debug, S> fmt::Debug for HashSet<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.base.fmt(f)
    }
}

impl<T: Eq + Hash, const N: usize> From<[T; N]> for HashSet<T, RandomState> {
    fn from(items: [T; N]) -> Self {
        items.into_iter().collect()
    }
}

impl<T: Eq + Hash, S: BuildHasher + Default> FromIterator<T> for HashSet<T, S> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut set = Self::default();
        set.extend(items);
        set
    }
}

impl<T: Eq + Hash, S: BuildHasher> Extend<T> for HashSet<T, S> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        self.base.extend(items)
    }
}

impl<'a, T: Eq + Hash + Copy + 'a, S: BuildHasher> Extend<&'a T> for HashSet<T, S> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, items: I) {
        self.base.extend(items)
    }
}

impl<T, S> IntoIterator for HashSet<T, S> {
    type Item = T;
    type IntoIter = IntoIter<T>;
    fn into_iter(self) -> IntoIter<T> {
        self.base.into_iter()
    }
}

impl<'a, T, S> IntoIterator for &'a HashSet<T, S> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;
    fn into_iter(self) -> Iter<'a, T> {
        self.base.iter()
    }
}

/// std's `&a | &b`, `&a & &b`, `&a ^ &b` and `&a - &b`: a new set, as hashbrown's operators
/// make it.
macro_rules! set_operator {
    ($($operator:ident $method:ident),*) => {$(
        impl<T, S> $operator<&HashSet<T, S>> for &HashSet<T, S>
        where
            T: Eq + Hash + Clone,
            S: BuildHasher + Default,
        {
            type Output = HashSet<T, S>;
            fn $method(self, other: &HashSet<T, S>) -> HashSet<T, S> {
                HashSet {
                    base: self.base.$method(&other.base),
                }
            }
        }
    )*};
}

set_operator!(BitOr bitor, BitAnd bitand, BitXor bitxor, Sub sub);

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Point(i32, i32);

    fn sorted(items: impl IntoIterator<Item = i32>) -> Vec<i32> {
        let mut items: Vec<i32> = items.into_iter().collect();
        items.sort();
        items
    }

    #[test]
    fn a_key_without_an_order_is_kept_once() {
        let mut seen = HashSet::new();
        assert!(seen.insert(Point(1, 2)) && !seen.insert(Point(1, 2)));
        assert!(seen.contains(&Point(1, 2)) && !seen.contains(&Point(2, 1)));
        assert!(seen.remove(&Point(1, 2)) && seen.is_empty());
    }

    #[test]
    fn set_operations_give_stds_answers() {
        let a: HashSet<i32> = [1, 2, 3].into_iter().collect();
        let b = HashSet::from([2, 3, 4]);
        assert_eq!(sorted(a.union(&b).copied()), [1, 2, 3, 4]);
        assert_eq!(sorted(a.intersection(&b).copied()), [2, 3]);
        assert_eq!(sorted(a.difference(&b).copied()), [1]);
        assert_eq!(sorted(a.symmetric_difference(&b).copied()), [1, 4]);
        assert_eq!(sorted(&a | &b), [1, 2, 3, 4]);
        assert_eq!(sorted(&a & &b), [2, 3]);
        assert_eq!(sorted(&a ^ &b), [1, 4]);
        assert_eq!(sorted(&a - &b), [1]);
        assert!(HashSet::from([2]).is_subset(&a) && !a.is_disjoint(&b));
        let mut c = a.clone();
        c.extend(&[5]);
        c.retain(|&x| x != 1);
        assert_eq!(sorted(c.iter().copied()), [2, 3, 5]);
        assert_eq!(sorted(c.drain()), [2, 3, 5]);
        assert_eq!(format!("{:?}", HashSet::from([7])), "{7}");
        assert_eq!(a, HashSet::from([3, 2, 1]));
    }
}
