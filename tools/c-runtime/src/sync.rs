//! std's `sync` as far as the solutions reach: `Arc`, `Weak` and `OnceLock`.

pub use alloc::sync::{Arc, Weak};
use core::cell::UnsafeCell;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicU8, Ordering};

const EMPTY: u8 = 0;
const BUSY: u8 = 1;
const READY: u8 = 2;

/// A cell written once. Where std's would make a second initialiser wait (another thread,
/// or the same one re-entering), this one panics: the image has one thread, so a wait
/// could only be a re-entry, which would never end.
pub struct OnceLock<T> {
    state: AtomicU8,
    value: UnsafeCell<MaybeUninit<T>>,
}

// SAFETY: the value is written once, by whoever moved `state` from EMPTY to BUSY, and read
// only after `state` is READY (release/acquire); it is shared, so `Sync`, and may be
// written on one thread and dropped on another, so `Send`, as std's.
unsafe impl<T: Sync + Send> Sync for OnceLock<T> {}
unsafe impl<T: Send> Send for OnceLock<T> {}

impl<T> OnceLock<T> {
    pub const fn new() -> OnceLock<T> {
        OnceLock {
            state: AtomicU8::new(EMPTY),
            value: UnsafeCell::new(MaybeUninit::uninit()),
        }
    }

    pub fn get(&self) -> Option<&T> {
        match self.state.load(Ordering::Acquire) {
            // SAFETY: READY: written, and never written again.
            READY => Some(unsafe { (*self.value.get()).assume_init_ref() }),
            _ => None,
        }
    }

    pub fn set(&self, value: T) -> Result<(), T> {
        match self.claim() {
            true => {
                self.fill(value);
                Ok(())
            }
            false => Err(value),
        }
    }

    pub fn get_or_init(&self, f: impl FnOnce() -> T) -> &T {
        if let Some(value) = self.get() {
            return value;
        }
        if !self.claim() {
            panic!("a OnceLock was initialised while being initialised");
        }
        self.fill(f())
    }

    /// Moves EMPTY to BUSY; false if someone already did.
    fn claim(&self) -> bool {
        self.state
            .compare_exchange(EMPTY, BUSY, Ordering::Acquire, Ordering::Acquire)
            .is_ok()
    }

    /// Writes the value of a claimed cell and makes it READY.
    fn fill(&self, value: T) -> &T {
        // SAFETY: `claim` succeeded, so nobody else writes or reads the value until READY.
        let value = unsafe { (*self.value.get()).write(value) };
        self.state.store(READY, Ordering::Release);
        value
    }
}

impl<T> Default for OnceLock<T> {
    fn default() -> OnceLock<T> {
        OnceLock::new()
    }
}

impl<T> Drop for OnceLock<T> {
    fn drop(&mut self) {
        if *self.state.get_mut() == READY {
            // SAFETY: READY: written, and dropped only here.
            unsafe { self.value.get_mut().assume_init_drop() }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::rc::Rc;

    #[test]
    fn written_once_then_read() {
        let cell = OnceLock::new();
        assert_eq!(cell.get(), None);
        assert_eq!(*cell.get_or_init(|| 5), 5);
        assert_eq!(*cell.get_or_init(|| 6), 5);
        assert_eq!(cell.set(7), Err(7));
        assert_eq!(cell.get(), Some(&5));
        let fresh = OnceLock::default();
        assert_eq!(fresh.set(8), Ok(()));
        assert_eq!(fresh.get(), Some(&8));
    }

    #[test]
    #[should_panic(expected = "initialised while being initialised")]
    fn a_reentrant_initialiser_panics() {
        let cell = OnceLock::new();
        cell.get_or_init(|| *cell.get_or_init(|| 1) + 1);
    }

    #[test]
    fn the_value_is_dropped_with_the_cell_and_only_then() {
        let counted = Rc::new(());
        {
            let cell = OnceLock::new();
            let _ = cell.set(Rc::clone(&counted));
            assert_eq!(Rc::strong_count(&counted), 2);
        }
        assert_eq!(Rc::strong_count(&counted), 1);
        drop(OnceLock::<Rc<()>>::new());
    }
}
