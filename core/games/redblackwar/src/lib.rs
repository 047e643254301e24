//! Red-Black War (seed 002): placeholder while the engine is written.

/// The games this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    Vec::new()
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    Vec::new()
}
