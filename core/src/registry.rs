//! The games and formats a program knows, handed to the kernel by whoever builds it (the
//! registry crate `kifu-games` lists every game kifu ships). The kernel names no game itself:
//! a replay or a build asks the registry it is given.

use crate::format::Format;
use crate::game::Game;

/// A list of games by registry name and of notation formats by `--format` name.
pub struct Registry {
    games: Vec<&'static dyn Game>,
    formats: Vec<&'static dyn Format>,
}

impl Registry {
    /// A registry of these games and formats, in the order they are listed.
    pub fn new(games: Vec<&'static dyn Game>, formats: Vec<&'static dyn Format>) -> Registry {
        Registry { games, formats }
    }

    /// Every game, in the order `kifu games` lists them.
    pub fn games(&self) -> &[&'static dyn Game] {
        &self.games
    }

    /// Every notation format beside kifu's own text format.
    pub fn formats(&self) -> &[&'static dyn Format] {
        &self.formats
    }

    /// A game by its registry name.
    pub fn find(&self, name: &str) -> Option<&'static dyn Game> {
        self.games.iter().copied().find(|g| g.name() == name)
    }

    /// A format by name.
    pub fn format(&self, name: &str) -> Option<&'static dyn Format> {
        self.formats.iter().copied().find(|f| f.name() == name)
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let games: Vec<&str> = self.games.iter().map(|g| g.name()).collect();
        let formats: Vec<&str> = self.formats.iter().map(|g| g.name()).collect();
        f.debug_struct("Registry")
            .field("games", &games)
            .field("formats", &formats)
            .finish()
    }
}
