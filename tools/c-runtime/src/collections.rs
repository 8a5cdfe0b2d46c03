//! `alloc`'s collections under std's paths, and `HashMap` and `HashSet` as ordered B-trees
//! (why, and what it means for a solution: the crate doc).

pub use alloc::collections::*;
use core::borrow::Borrow;
use core::ops::{Deref, DerefMut, Index};

pub mod hash_map {
    pub use super::HashMap;
    pub use alloc::collections::btree_map::{
        Entry, IntoIter, IntoKeys, IntoValues, Iter, IterMut, Keys, OccupiedEntry, VacantEntry,
        Values, ValuesMut,
    };

    /// std's default hasher builder; the maps here do not hash.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct RandomState;

    impl RandomState {
        pub fn new() -> RandomState {
            RandomState
        }
    }
}

pub mod hash_set {
    pub use super::HashSet;
    pub use alloc::collections::btree_set::{IntoIter, Iter};
}

use hash_map::RandomState;

#[derive(Clone)]
pub struct HashMap<K, V, S = RandomState> {
    map: BTreeMap<K, V>,
    hasher: S,
}

#[derive(Clone)]
pub struct HashSet<T, S = RandomState> {
    set: BTreeSet<T>,
    hasher: S,
}

impl<K: Ord, V> HashMap<K, V, RandomState> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_capacity(_capacity: usize) -> Self {
        Self::default()
    }
}

impl<K: Ord, V, S> HashMap<K, V, S> {
    pub fn with_hasher(hasher: S) -> Self {
        HashMap {
            map: BTreeMap::new(),
            hasher,
        }
    }

    pub fn with_capacity_and_hasher(_capacity: usize, hasher: S) -> Self {
        Self::with_hasher(hasher)
    }

    pub fn hasher(&self) -> &S {
        &self.hasher
    }

    pub fn reserve(&mut self, _additional: usize) {}

    pub fn shrink_to_fit(&mut self) {}

    pub fn capacity(&self) -> usize {
        self.map.len()
    }

    pub fn drain(&mut self) -> btree_map::IntoIter<K, V> {
        core::mem::take(&mut self.map).into_iter()
    }
}

impl<T: Ord> HashSet<T, RandomState> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_capacity(_capacity: usize) -> Self {
        Self::default()
    }
}

impl<T: Ord, S> HashSet<T, S> {
    pub fn with_hasher(hasher: S) -> Self {
        HashSet {
            set: BTreeSet::new(),
            hasher,
        }
    }

    pub fn with_capacity_and_hasher(_capacity: usize, hasher: S) -> Self {
        Self::with_hasher(hasher)
    }

    pub fn hasher(&self) -> &S {
        &self.hasher
    }

    pub fn reserve(&mut self, _additional: usize) {}

    pub fn drain(&mut self) -> btree_set::IntoIter<T> {
        core::mem::take(&mut self.set).into_iter()
    }
}

impl<K, V, S: Default> Default for HashMap<K, V, S> {
    fn default() -> Self {
        HashMap {
            map: BTreeMap::new(),
            hasher: S::default(),
        }
    }
}

impl<T, S: Default> Default for HashSet<T, S> {
    fn default() -> Self {
        HashSet {
            set: BTreeSet::new(),
            hasher: S::default(),
        }
    }
}

// As std's: the contents compare and print, never the hasher.
impl<K: PartialEq, V: PartialEq, S> PartialEq for HashMap<K, V, S> {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl<K: Eq, V: Eq, S> Eq for HashMap<K, V, S> {}

impl<T: PartialEq, S> PartialEq for HashSet<T, S> {
    fn eq(&self, other: &Self) -> bool {
        self.set == other.set
    }
}

impl<T: Eq, S> Eq for HashSet<T, S> {}

impl<K: core::fmt::Debug, V: core::fmt::Debug, S> core::fmt::Debug for HashMap<K, V, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.map.fmt(f)
    }
}

impl<T: core::fmt::Debug, S> core::fmt::Debug for HashSet<T, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.set.fmt(f)
    }
}

impl<K, V, S> Deref for HashMap<K, V, S> {
    type Target = BTreeMap<K, V>;
    fn deref(&self) -> &BTreeMap<K, V> {
        &self.map
    }
}

impl<K, V, S> DerefMut for HashMap<K, V, S> {
    fn deref_mut(&mut self) -> &mut BTreeMap<K, V> {
        &mut self.map
    }
}

impl<T, S> Deref for HashSet<T, S> {
    type Target = BTreeSet<T>;
    fn deref(&self) -> &BTreeSet<T> {
        &self.set
    }
}

impl<T, S> DerefMut for HashSet<T, S> {
    fn deref_mut(&mut self) -> &mut BTreeSet<T> {
        &mut self.set
    }
}

impl<K: Ord + Borrow<Q>, Q: Ord + ?Sized, V, S> Index<&Q> for HashMap<K, V, S> {
    type Output = V;
    fn index(&self, key: &Q) -> &V {
        &self.map[key]
    }
}

impl<K: Ord, V, S: Default> FromIterator<(K, V)> for HashMap<K, V, S> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(items: I) -> Self {
        HashMap {
            map: items.into_iter().collect(),
            hasher: S::default(),
        }
    }
}

impl<T: Ord, S: Default> FromIterator<T> for HashSet<T, S> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        HashSet {
            set: items.into_iter().collect(),
            hasher: S::default(),
        }
    }
}

impl<K: Ord, V, S> Extend<(K, V)> for HashMap<K, V, S> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, items: I) {
        self.map.extend(items)
    }
}

impl<T: Ord, S> Extend<T> for HashSet<T, S> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        self.set.extend(items)
    }
}

impl<K, V, S> IntoIterator for HashMap<K, V, S> {
    type Item = (K, V);
    type IntoIter = btree_map::IntoIter<K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.map.into_iter()
    }
}

impl<'a, K, V, S> IntoIterator for &'a HashMap<K, V, S> {
    type Item = (&'a K, &'a V);
    type IntoIter = btree_map::Iter<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.map.iter()
    }
}

impl<'a, K, V, S> IntoIterator for &'a mut HashMap<K, V, S> {
    type Item = (&'a K, &'a mut V);
    type IntoIter = btree_map::IterMut<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.map.iter_mut()
    }
}

impl<T, S> IntoIterator for HashSet<T, S> {
    type Item = T;
    type IntoIter = btree_set::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.set.into_iter()
    }
}

impl<'a, T, S> IntoIterator for &'a HashSet<T, S> {
    type Item = &'a T;
    type IntoIter = btree_set::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.set.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn a_hash_map_is_a_b_tree_map_under_std_names() {
        let mut counts: HashMap<&str, u32> = HashMap::new();
        for word in ["b", "a", "b", "c", "b"] {
            *counts.entry(word).or_insert(0) += 1;
        }
        assert_eq!(counts["b"], 3);
        assert_eq!(counts.get("z"), None);
        let in_order: Vec<_> = counts.iter().map(|(&w, &n)| (w, n)).collect();
        assert_eq!(in_order, [("a", 1), ("b", 3), ("c", 1)]);
        let same: HashMap<&str, u32> = [("c", 1), ("a", 1), ("b", 3)].into_iter().collect();
        assert_eq!(counts, same);
        assert_eq!(format!("{counts:?}"), r#"{"a": 1, "b": 3, "c": 1}"#);
        let drained: Vec<_> = counts.drain().collect();
        assert_eq!(drained.len(), 3);
        assert!(counts.is_empty());
    }

    #[test]
    fn a_hash_set_keeps_one_of_each_in_order() {
        let mut seen: HashSet<i32> = [3, 1, 3].into_iter().collect();
        seen.extend([2, 1]);
        assert!(seen.contains(&2));
        assert_eq!(seen.iter().copied().collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(seen.clone().into_iter().next_back(), Some(3));
        assert_eq!(seen, [1, 2, 3].into_iter().collect());
    }
}
