//! std's `HashMap`: hashbrown's map in a type of the runtime's own, whose default hasher is
//! `RandomState` (hashbrown's default, foldhash, is not compiled in). Everything a map
//! does (`entry`, `get`, `insert`, `retain`, `iter`, ...) is hashbrown's, reached through
//! `Deref`, with the bounds std puts on it (`K: Eq + Hash`, `S: BuildHasher`); here are
//! only what a wrapper must give itself: building one, the traits std implements, and the
//! methods that take the map by value.

pub use crate::hash::{DefaultHasher, RandomState};
pub use hashbrown::hash_map::{
    Drain, ExtractIf, IntoIter, IntoKeys, IntoValues, Iter, IterMut, Keys, Values, ValuesMut,
};

use core::borrow::Borrow;
use core::fmt;
use core::hash::{BuildHasher, Hash};
use core::ops::{Deref, DerefMut, Index};

/// std's `Entry<'a, K, V>` has no hasher parameter; hashbrown's does. Defaulting it keeps
/// `Entry<'_, K, V>` in a signature and `Entry::Occupied(..)` in a pattern working (a
/// pattern infers it, so FxHashMap's entries match too).
pub type Entry<'a, K, V, S = RandomState> = hashbrown::hash_map::Entry<'a, K, V, S>;
pub type OccupiedEntry<'a, K, V, S = RandomState> = hashbrown::hash_map::OccupiedEntry<'a, K, V, S>;
pub type VacantEntry<'a, K, V, S = RandomState> = hashbrown::hash_map::VacantEntry<'a, K, V, S>;

#[derive(Clone)]
pub struct HashMap<K, V, S = RandomState> {
    base: hashbrown::HashMap<K, V, S>,
}

impl<K, V> HashMap<K, V, RandomState> {
    pub fn new() -> Self {
        Self::with_hasher(RandomState)
    }

    pub fn with_capacity(capacity: usize) -> Self {
        Self::with_capacity_and_hasher(capacity, RandomState)
    }
}

impl<K, V, S> HashMap<K, V, S> {
    pub const fn with_hasher(hasher: S) -> Self {
        HashMap {
            base: hashbrown::HashMap::with_hasher(hasher),
        }
    }

    pub fn with_capacity_and_hasher(capacity: usize, hasher: S) -> Self {
        HashMap {
            base: hashbrown::HashMap::with_capacity_and_hasher(capacity, hasher),
        }
    }

    // By value, which `Deref` cannot pass on.
    pub fn into_keys(self) -> IntoKeys<K, V> {
        self.base.into_keys()
    }

    pub fn into_values(self) -> IntoValues<K, V> {
        self.base.into_values()
    }
}

impl<K, V, S> Deref for HashMap<K, V, S> {
    type Target = hashbrown::HashMap<K, V, S>;
    fn deref(&self) -> &Self::Target {
        &self.base
    }
}

impl<K, V, S> DerefMut for HashMap<K, V, S> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.base
    }
}

impl<K, V, S: Default> Default for HashMap<K, V, S> {
    fn default() -> Self {
        Self::with_hasher(S::default())
    }
}

// As std's: the contents compare and print, never the hasher.
impl<K: Eq + Hash, V: PartialEq, S: BuildHasher> PartialEq for HashMap<K, V, S> {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base
    }
}

impl<K: Eq + Hash, V: Eq, S: BuildHasher> Eq for HashMap<K, V, S> {}

impl<K: fmt::Debug, V: fmt::Debug, S> fmt::Debug for HashMap<K, V, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.base.fmt(f)
    }
}

impl<K, Q, V, S> Index<&Q> for HashMap<K, V, S>
where
    K: Eq + Hash + Borrow<Q>,
    Q: Eq + Hash + ?Sized,
    S: BuildHasher,
{
    type Output = V;
    fn index(&self, key: &Q) -> &V {
        &self.base[key]
    }
}

impl<K: Eq + Hash, V, const N: usize> From<[(K, V); N]> for HashMap<K, V, RandomState> {
    fn from(pairs: [(K, V); N]) -> Self {
        pairs.into_iter().collect()
    }
}

impl<K: Eq + Hash, V, S: BuildHasher + Default> FromIterator<(K, V)> for HashMap<K, V, S> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        let mut map = Self::default();
        map.extend(pairs);
        map
    }
}

impl<K: Eq + Hash, V, S: BuildHasher> Extend<(K, V)> for HashMap<K, V, S> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, pairs: I) {
        self.base.extend(pairs)
    }
}

impl<'a, K, V, S> Extend<(&'a K, &'a V)> for HashMap<K, V, S>
where
    K: Eq + Hash + Copy,
    V: Copy,
    S: BuildHasher,
{
    fn extend<I: IntoIterator<Item = (&'a K, &'a V)>>(&mut self, pairs: I) {
        self.base.extend(pairs)
    }
}

impl<K, V, S> IntoIterator for HashMap<K, V, S> {
    type Item = (K, V);
    type IntoIter = IntoIter<K, V>;
    fn into_iter(self) -> IntoIter<K, V> {
        self.base.into_iter()
    }
}

impl<'a, K, V, S> IntoIterator for &'a HashMap<K, V, S> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;
    fn into_iter(self) -> Iter<'a, K, V> {
        self.base.iter()
    }
}

impl<'a, K, V, S> IntoIterator for &'a mut HashMap<K, V, S> {
    type Item = (&'a K, &'a mut V);
    type IntoIter = IterMut<'a, K, V>;
    fn into_iter(self) -> IterMut<'a, K, V> {
        self.base.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// A key with no order, as a solution's struct deriving `Hash` and `Eq` alone.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Cell {
        row: u32,
        col: u32,
    }

    fn sorted<T: Ord>(mut items: Vec<T>) -> Vec<T> {
        items.sort();
        items
    }

    #[test]
    fn a_key_without_an_order_counts_through_entry() {
        let mut seen: HashMap<Cell, u32> = HashMap::new();
        for (row, col) in [(1, 2), (2, 1), (1, 2), (1, 2)] {
            *seen.entry(Cell { row, col }).or_insert(0) += 1;
        }
        let key = Cell { row: 1, col: 2 };
        assert_eq!(
            (seen.len(), seen[&key], seen.get(&Cell { row: 9, col: 9 })),
            (2, 3, None)
        );
        seen.entry(key).and_modify(|n| *n *= 10).or_default();
        match seen.entry(Cell { row: 7, col: 7 }) {
            Entry::Occupied(_) => panic!("not inserted yet"),
            Entry::Vacant(vacant) => vacant.insert(5),
        };
        assert_eq!(seen.remove(&key), Some(30));
        assert!(!seen.contains_key(&key) && seen.contains_key(&Cell { row: 7, col: 7 }));
    }

    #[test]
    fn the_map_builds_compares_prints_and_empties_as_stds() {
        let mut counts: HashMap<&str, u32> = HashMap::with_capacity(4);
        counts.extend([("b", 3), ("a", 1)]);
        counts.insert("c", 1);
        let same: HashMap<&str, u32> = HashMap::from([("c", 1), ("a", 1), ("b", 3)]);
        assert_eq!(counts, same);
        assert_eq!(format!("{:?}", HashMap::from([("a", 1)])), r#"{"a": 1}"#);
        for (_, n) in &mut counts {
            *n += 1;
        }
        counts.values_mut().for_each(|n| *n *= 2);
        counts.retain(|_, n| *n > 4);
        assert_eq!(
            sorted(counts.iter().map(|(&k, &n)| (k, n)).collect()),
            [("b", 8)]
        );
        assert_eq!(sorted(same.clone().into_keys().collect()), ["a", "b", "c"]);
        assert_eq!(sorted(same.clone().into_values().collect()), [1, 1, 3]);
        let mut drained = same.clone();
        assert_eq!(drained.drain().count(), 3);
        assert!(drained.is_empty());
        assert_eq!(
            sorted(same.into_iter().collect()),
            [("a", 1), ("b", 3), ("c", 1)]
        );
    }

    /// rustc-hash's `FxHashMap` is `HashMap<K, V, FxBuildHasher>`: any `BuildHasher` goes.
    #[test]
    fn another_hasher_builder_goes_through_with_hasher_and_default() {
        type Fixed = core::hash::BuildHasherDefault<DefaultHasher>;
        let mut map: HashMap<u64, u64, Fixed> = HashMap::default();
        map.insert(1, 2);
        let mut other = HashMap::with_hasher(Fixed::default());
        other.insert(1, 2);
        assert_eq!(map, other);
        if let Entry::Occupied(mut occupied) = map.entry(1) {
            *occupied.get_mut() += 1;
        }
        assert_eq!(map[&1], 3);
    }
}
