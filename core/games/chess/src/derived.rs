//! What a chess state derives from its FEN and keeps between calls (the position, its legal
//! moves, the position a move leads to) and the buffers a move hands on for reuse. Never
//! serialized nor hashed: it changes no stored form, only what is worked out again.

use std::sync::OnceLock;

use super::bitboard::probe::{self, Sets};
use super::bitboard::{self, Board};
use super::fen::shown_ep;
use super::movegen::{gen_legal, legal_moves};
use super::position::{Move, Position};
use super::rules::ChessState;
use super::variant::Variant;

/// Derived from a state's FEN, each part when first asked for: the position, its legal moves,
/// and the position after the move last formatted, with its legal moves (so that a move's
/// `format` and `apply` generate the moves of the position it leads to once between them).
/// On the fast path the legal moves are worked out only when asked for (replay reads a move
/// from the sets and asks them whether the game ended), in the fast path's own order; listing
/// them asks for them in the general engine's order once.
/// Always equal, as it is derived.
#[derive(Debug, Default)]
pub struct Derived {
    /// Boxed, as is a successor's: a position is some 450 bytes, and a move hands it on from
    /// the successor to the state without copying it.
    pub(crate) position: Kept<Box<Position>>,
    /// The legal moves in any order: for looking moves up.
    pub(crate) legal: Kept<Vec<Move>>,
    /// The position as the fast path's sets, when it is one the fast path plays and a game
    /// started in it or a move led to it (made from the previous sets: no reading the position
    /// again). Then `legal` is in the generator's order, and `listed` holds the moves in the
    /// general engine's.
    pub(crate) board: Option<Sets>,
    pub(crate) listed: OnceLock<Vec<Move>>,
    pub(crate) next: OnceLock<Successor>,
    /// Set while the FEN is not written (version 3, after a move): the game and the en passant
    /// square the FEN shows, which with `position` write it.
    pub(crate) unwritten_fen: Option<(Variant, Option<u8>)>,
    /// The previous position's legal-move buffer, for the next move's successor to reuse
    /// instead of allocating (never cloned).
    pub(crate) spare_legal: Option<Vec<Move>>,
    /// The legal move that a text read in this position named, with its SAN when the text was
    /// canonical: so that the entry's `format` and `apply` neither look it up among the legal
    /// moves nor write its SAN again. Set by `Rules::parse_to_apply`, the kernel's reading of
    /// an entry it formats and applies next.
    pub(crate) parsed: Option<Parsed>,
}

/// A legal move of the position and, when the text that named it was its canonical SAN (check
/// mark aside) and short enough to keep here, that SAN; on the fast path, the sets after the
/// move and its check mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Parsed {
    pub(crate) m: Move,
    san: [u8; 15],
    /// 0 when the SAN is not kept.
    san_len: u8,
    /// The fast path's sets after the move and its check mark (`bitboard::play_marked`).
    pub(crate) after: Option<(Sets, Option<char>)>,
}

impl Parsed {
    /// `m`, a legal move of the position, named by the text `san` when that is its canonical
    /// SAN without a check mark; `after` as [`Parsed::after`].
    pub(crate) fn new(m: Move, san: Option<&str>, after: Option<(Sets, Option<char>)>) -> Parsed {
        let mut kept = Parsed {
            m,
            san: [0; 15],
            san_len: 0,
            after,
        };
        if let Some(san) = san.filter(|s| s.len() <= kept.san.len()) {
            kept.san[..san.len()].copy_from_slice(san.as_bytes());
            kept.san_len = san.len() as u8;
        }
        kept
    }

    /// The move's canonical SAN without its check mark, when kept.
    pub(crate) fn san(&self) -> Option<&str> {
        let len = usize::from(self.san_len);
        // Copied from a `&str` whole, so always UTF-8.
        (len > 0).then(|| std::str::from_utf8(&self.san[..len]).ok()).flatten()
    }
}

/// A value either given (a move's successor, a new game's position: a plain field, as a
/// `OnceLock` made from a value costs a `Once` call) or worked out when first asked for.
#[derive(Debug, Clone)]
pub(crate) struct Kept<T> {
    given: Option<T>,
    worked_out: OnceLock<T>,
}

impl<T> Default for Kept<T> {
    fn default() -> Kept<T> {
        Kept {
            given: None,
            worked_out: OnceLock::new(),
        }
    }
}

impl<T> Kept<T> {
    pub(crate) fn given(value: T) -> Kept<T> {
        Kept {
            given: Some(value),
            worked_out: OnceLock::new(),
        }
    }
    pub(crate) fn get(&self) -> Option<&T> {
        self.given.as_ref().or_else(|| self.worked_out.get())
    }
    pub(crate) fn get_or_init(&self, work: impl FnOnce() -> T) -> &T {
        match &self.given {
            Some(value) => value,
            None => self.worked_out.get_or_init(work),
        }
    }
    pub(crate) fn take(&mut self) -> Option<T> {
        self.given.take().or_else(|| self.worked_out.take())
    }
}

/// As the derive would, without the spare buffers.
impl Clone for Derived {
    fn clone(&self) -> Derived {
        Derived {
            position: self.position.clone(),
            legal: self.legal.clone(),
            board: self.board.clone(),
            listed: self.listed.clone(),
            next: self.next.clone(),
            unwritten_fen: self.unwritten_fen,
            spare_legal: None,
            parsed: self.parsed.clone(),
        }
    }
}

/// A move, the position it leads to and that position's legal moves: on the fast path with
/// its sets (`board`), the moves then worked out from the sets when first asked for and in the
/// generator's own order; else generated at once, in the general engine's.
#[derive(Debug, Clone)]
pub(crate) struct Successor {
    pub(crate) m: Move,
    pub(crate) after: Box<Position>,
    pub(crate) legal: Kept<Vec<Move>>,
    pub(crate) board: Option<Sets>,
}

impl Successor {
    pub(crate) fn of(pos: &Position, m: &Move) -> Successor {
        Successor::made(Box::new(pos.clone()), m, None, None)
    }

    /// As [`Successor::of`] for a legal `m`, played on `after` (the position itself, or a copy),
    /// with the legal moves written into a spare buffer when given and the sets after the move
    /// when given (`board`: made from the position's).
    pub(crate) fn made(mut after: Box<Position>, m: &Move, legal: Option<Vec<Move>>, board: Option<Sets>) -> Successor {
        after.play(m);
        let board = board.or_else(|| Board::from_position(&after).map(Sets::of));
        let legal = match &board {
            Some(_) => Kept::default(),
            None => {
                let mut legal = legal.unwrap_or_default();
                gen_legal(&after, &mut legal);
                Kept::given(legal)
            }
        };
        Successor {
            m: *m,
            after,
            legal,
            board,
        }
    }

    /// The legal moves of the position the move leads to, in any order.
    pub(crate) fn legal(&self) -> &[Move] {
        self.legal.get_or_init(|| moves_of(&self.after, self.board.as_ref()))
    }

    /// Whether the side to move after the move has a legal move, and the en passant square the
    /// FEN shows (only a square a legal move takes on: `fen::shown_ep`). On the fast path both
    /// are asked of the sets, without listing the moves.
    pub(crate) fn moving_and_ep(&self) -> (bool, Option<u8>) {
        match (self.legal.get(), &self.board) {
            (None, Some(sets)) => (
                probe::has_legal_move(sets),
                self.after.ep.filter(|_| probe::en_passant_legal(sets)),
            ),
            _ => {
                let legal = self.legal();
                (!legal.is_empty(), shown_ep(&self.after, Some(legal)))
            }
        }
    }
}

/// The legal moves of `pos` in any order: from its sets when given.
fn moves_of(pos: &Position, sets: Option<&Sets>) -> Vec<Move> {
    match sets {
        Some(sets) => {
            let mut legal = Vec::new();
            bitboard::gen_legal_unordered(sets.board(), &mut legal);
            legal
        }
        None => legal_moves(pos),
    }
}

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl Eq for Derived {}

/// The legal moves of the state's position, generated once and kept, in any order: for
/// looking moves up, never for listing them.
pub(crate) fn legal_of<'a, H>(state: &'a ChessState<H>, pos: &Position) -> &'a [Move] {
    state
        .derived
        .legal
        .get_or_init(|| moves_of(pos, state.derived.board.as_ref()))
}

/// The legal moves of the state's position in the general engine's order (what `legal` lists
/// and the lenient reader's messages name), generated once and kept.
pub(crate) fn legal_listed<'a, H>(state: &'a ChessState<H>, pos: &Position) -> &'a [Move] {
    if state.derived.board.is_some() {
        state.derived.listed.get_or_init(|| legal_moves(pos))
    } else {
        legal_of(state, pos)
    }
}

/// The position `m` leads to, with its legal moves: kept for the last move asked about.
pub(crate) fn successor<'a, H>(state: &'a ChessState<H>, pos: &Position, m: &Move) -> std::borrow::Cow<'a, Successor> {
    let kept = state.derived.next.get_or_init(|| Successor::of(pos, m));
    if kept.m == *m {
        std::borrow::Cow::Borrowed(kept)
    } else {
        std::borrow::Cow::Owned(Successor::of(pos, m))
    }
}

/// Whether `m` is a legal move of the state's position: the move its last text named, or one
/// among `legal`.
pub(crate) fn is_legal_here<H>(state: &ChessState<H>, pos: &Position, m: &Move) -> bool {
    state.derived.parsed.as_ref().is_some_and(|p| p.m == *m) || is_legal(legal_of(state, pos), m)
}

/// Whether `m` is among `legal`, squares compared first (cheaper than the whole move, and most
/// moves differ there).
pub(crate) fn is_legal(legal: &[Move], m: &Move) -> bool {
    legal.iter().any(|o| o.from == m.from && o.to == m.to && o == m)
}
