//! A long PGN file read a piece at a time: each piece is added to what is held, the games
//! before the last place the text may be cut are handed out, and the rest waits for the next
//! piece. What it hands out must be exactly what `games` (or `drafts`) reads from the whole text.

use kifu_core::format::{Draft, FormatError};

use super::reader::{ReadAs, Reader};
use super::{PgnError, PgnGame};

/// The part of the file not yet handed out as games.
#[derive(Debug, Default)]
pub struct Pieces {
    held: String,
    /// The file line `held` starts at.
    line: usize,
    /// The number in the file of the first game in `held`.
    number: usize,
}

impl Pieces {
    pub fn new() -> Self {
        Pieces {
            held: String::new(),
            line: 1,
            number: 1,
        }
    }

    /// Adds a piece of the text (whole lines) and hands out every game that ends before the
    /// last place the text held may be cut (see [`super::reader::Cut`]).
    pub fn feed(&mut self, piece: &str) -> Vec<Result<PgnGame, PgnError>> {
        self.feed_as(piece)
    }

    /// As `feed`, each game as a draft.
    pub fn feed_drafts(&mut self, piece: &str) -> Vec<Result<Draft, FormatError>> {
        self.feed_as(piece)
    }

    fn feed_as<O: ReadAs>(&mut self, piece: &str) -> Vec<O> {
        self.held.push_str(piece);
        let mut games = Reader::<O>::starting_at(&self.held, self.line, self.number);
        let mut done = Vec::new();
        let mut waiting = Vec::new();
        let mut last_cut = None;
        while let Some(game) = games.next() {
            waiting.push(game);
            if let Some(cut) = games.cut() {
                done.append(&mut waiting);
                last_cut = Some(cut);
            }
        }
        if let Some(cut) = last_cut {
            self.held.drain(..cut.at);
            self.line = cut.line;
            self.number += done.len();
        }
        done
    }

    /// How much text is held, waiting for the games it starts to end.
    pub fn held_bytes(&self) -> usize {
        self.held.len()
    }

    /// The file is done: every game still held.
    pub fn finish(&mut self) -> Vec<Result<PgnGame, PgnError>> {
        self.finish_as()
    }

    /// As `finish`, each game as a draft.
    pub fn finish_drafts(&mut self) -> Vec<Result<Draft, FormatError>> {
        self.finish_as()
    }

    fn finish_as<O: ReadAs>(&mut self) -> Vec<O> {
        let held = std::mem::take(&mut self.held);
        let games = Reader::<O>::starting_at(&held, self.line, self.number).collect();
        self.line = 1;
        self.number = 1;
        games
    }
}
