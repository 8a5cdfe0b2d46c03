//! Panics: one fixed line, through the solution's hook if it set one, then exit status 101,
//! or 1 inside `catch_unwind` (see the crate doc for why the message is not kept).

use crate::host::Exclusive;
use alloc::boxed::Box;
use alloc::string::String;
pub use core::panic::{AssertUnwindSafe, Location, RefUnwindSafe, UnwindSafe};
use core::sync::atomic::{AtomicUsize, Ordering};

/// What every panic prints, whatever its message.
pub const PANIC_LINE: &str = "the program panicked (a C bundle keeps no panic messages)";

type Hook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

static HOOK: Exclusive<Option<Hook>> = Exclusive::new(None);

#[cfg(not(test))]
#[panic_handler]
fn on_panic(_: &core::panic::PanicInfo) -> ! {
    use core::sync::atomic::AtomicBool;
    static PANICKING: AtomicBool = AtomicBool::new(false);
    // A panic while reporting one (in the hook, say) only exits.
    if !PANICKING.swap(true, Ordering::Relaxed) {
        report();
    }
    match CATCHING.load(Ordering::Relaxed) {
        0 => crate::process::exit(101),
        _ => crate::process::exit(1),
    }
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

/// How many `catch_unwind` calls are running: a panic inside one exits with status 1.
static CATCHING: AtomicUsize = AtomicUsize::new(0);

/// Runs `f`. With no unwinding it cannot return `Err`: a panic inside it ends the program
/// after the hook, with status 1 where an uncaught panic's is 101. That is what a program
/// that catches a panic to report it does (`shared_grid::run_batch`: the hook's line, the
/// answers so far, which the C library's `stdout` flushes at exit, then status 1). A real
/// return, saving the registers before `f` and restoring them on a panic, was built and
/// measured: with `f` behind that call the compiler inlines less, and every problem's C
/// file grew by up to a tenth (`tools/bundle/benches/README.md`), for programs that catch
/// and go on, which contest solutions do not.
pub fn catch_unwind<F: FnOnce() -> R + UnwindSafe, R>(
    f: F,
) -> Result<R, Box<dyn core::any::Any + Send + 'static>> {
    CATCHING.fetch_add(1, Ordering::Relaxed);
    let result = f();
    CATCHING.fetch_sub(1, Ordering::Relaxed);
    Ok(result)
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
        let inside = catch_unwind(|| CATCHING.load(Ordering::Relaxed));
        assert_eq!(inside.ok(), Some(1), "a panic now would exit with status 1");
        assert_eq!(CATCHING.load(Ordering::Relaxed), 0, "and after it with 101");
    }
}
