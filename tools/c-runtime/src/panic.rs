//! Panics: one fixed line, through the solution's hook if it set one, then exit status 101
//! (see the crate doc for why the message is not kept).

use crate::host::Exclusive;
use alloc::boxed::Box;
use alloc::string::String;
pub use core::panic::{AssertUnwindSafe, Location, RefUnwindSafe, UnwindSafe};

/// What every panic prints, whatever its message.
pub const PANIC_LINE: &str = "the program panicked (a C bundle keeps no panic messages)";

type Hook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

static HOOK: Exclusive<Option<Hook>> = Exclusive::new(None);

#[cfg(not(test))]
#[panic_handler]
fn on_panic(_: &core::panic::PanicInfo) -> ! {
    use core::sync::atomic::{AtomicBool, Ordering};
    static PANICKING: AtomicBool = AtomicBool::new(false);
    // A panic while reporting one (in the hook, say) only exits.
    if !PANICKING.swap(true, Ordering::Relaxed) {
        report();
    }
    crate::process::exit(101)
}

/// Hands [`PANIC_LINE`] to the hook, or prints it on stderr where there is none. The hook is
/// taken out first, so that it runs with no lock held; a panic inside `set_hook` itself
/// (the lock taken) gets the plain line.
fn report() {
    let line = String::from(PANIC_LINE);
    match HOOK.try_lock().and_then(|mut hook| hook.take()) {
        Some(hook) => hook(&PanicHookInfo { payload: &line }),
        None => crate::io::_eprint(format_args!("{line}\n")),
    }
}

/// What a panic hook is told: the one fixed line, as a `String` payload.
pub struct PanicHookInfo<'a> {
    payload: &'a String,
}

/// The name before Rust 1.81.
pub type PanicInfo<'a> = PanicHookInfo<'a>;

impl PanicHookInfo<'_> {
    pub fn payload(&self) -> &(dyn core::any::Any + Send) {
        self.payload
    }
}

impl core::fmt::Display for PanicHookInfo<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.payload)
    }
}

pub fn set_hook(hook: Hook) {
    *HOOK.lock() = Some(hook);
}

/// Runs `f`. A panic inside it ends the program (after the hook), so this never returns
/// `Err`.
pub fn catch_unwind<F: FnOnce() -> R + UnwindSafe, R>(
    f: F,
) -> Result<R, Box<dyn core::any::Any + Send + 'static>> {
    Ok(f())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::fake;

    #[test]
    fn the_hook_gets_the_fixed_line_and_without_one_stderr_does() {
        fake::fresh(&[]);
        report();
        assert_eq!(fake::stderr(), format!("{PANIC_LINE}\n").as_bytes());

        fake::fresh(&[]);
        set_hook(Box::new(|info| {
            let payload = info.payload().downcast_ref::<String>().map(String::as_str);
            assert_eq!(payload, Some(PANIC_LINE));
            crate::io::_eprint(format_args!("hook: {info}\n"));
        }));
        report();
        assert_eq!(fake::stderr(), format!("hook: {PANIC_LINE}\n").as_bytes());
    }

    #[test]
    fn catch_unwind_returns_what_the_closure_does() {
        assert_eq!(catch_unwind(|| 7).ok(), Some(7));
    }
}
