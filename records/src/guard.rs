//! The store's boundary against a damaged file: redb panics on some corruptions, so every
//! public operation runs inside `guarded`, which turns a panic into a `StoreError::Damaged`.
//! A panic hook installed once stays silent only inside the guard, so bugs elsewhere still
//! print. Never used to hide a bug of kifu's own: the message is kept and reported.

use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

use crate::error::StoreError;

thread_local! {
    static INSIDE: Cell<u32> = const { Cell::new(0) };
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if INSIDE.with(Cell::get) > 0 {
                let message = match (
                    info.payload().downcast_ref::<&str>(),
                    info.payload().downcast_ref::<String>(),
                ) {
                    (Some(text), _) => text.to_string(),
                    (_, Some(text)) => text.clone(),
                    _ => "a panic without a message".to_string(),
                };
                let place = info
                    .location()
                    .map(|l| format!(" ({}:{})", l.file(), l.line()))
                    .unwrap_or_default();
                LAST.with(|last| *last.borrow_mut() = Some(format!("{message}{place}")));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs a store operation; a panic inside it becomes `StoreError::Damaged` with its message.
pub fn guarded<T, E: From<StoreError>>(operation: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    install_hook();
    INSIDE.with(|inside| inside.set(inside.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(operation));
    INSIDE.with(|inside| inside.set(inside.get() - 1));
    match result {
        Ok(result) => result,
        Err(_) => {
            let message = LAST
                .with(|last| last.borrow_mut().take())
                .unwrap_or_else(|| "the storage engine stopped".to_string());
            Err(E::from(StoreError::Damaged(message)))
        }
    }
}
