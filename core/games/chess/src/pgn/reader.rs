//! Turns the token stream into games: where each game starts and ends, its tags, and its moves
//! as a tree of lines with comments, NAGs and variations hung on the moves. A bad game becomes
//! an error and reading goes on with the next game; nothing here knows a chess rule. Read into
//! drafts, a main-line move leaves the tree as soon as nothing more can hang on it.

use std::collections::BTreeSet;
use std::marker::PhantomData;

use kifu_core::format::{Draft, FormatError};

use super::draft::Drafting;
use super::lexer::{squeeze, Lexer, Spanned, Tok};
use super::token::parse_move;
use super::{GameResult, Line, MoveNumber, PgnError, PgnGame, PgnMove, PgnNote};

/// Reads every game of a PGN text (already decoded, see `kifu_core::format::decode_text`).
///
/// Games are split where a tag follows movetext, where a result token ends the movetext, and
/// where a tag name repeats before any movetext (the game before had tags only). A comment after
/// a result belongs to the game it follows. `%` lines are skipped. Variations nested more than
/// 100 deep make the game an error. A `{` comment that reaches a line holding a whole tag pair
/// (`[Name "value"]`) is taken as never closed: its game is an error and that line opens the next.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    games(text).collect()
}

/// The games of a PGN text one at a time, as `read_games` reads them: a long file is never
/// held as games all at once.
pub fn games(text: &str) -> Games<'_> {
    Reader::starting_at(text, 1, 1)
}

/// The games of a PGN text as the kernel's drafts, one at a time: each exactly what
/// `games` reads turned into a draft (see [`super::draft`]), without the tree of the whole game.
pub fn drafts(text: &str) -> Drafts<'_> {
    Reader::starting_at(text, 1, 1)
}

/// What a reader hands out for each game: the game itself, or its draft.
pub trait ReadAs: Sized {
    /// Whether main-line moves go to a draft as they are read.
    #[doc(hidden)]
    const DRAFTING: bool;
    #[doc(hidden)]
    fn finish(game: Builder<'_>) -> Self;
}

impl ReadAs for Result<PgnGame, PgnError> {
    const DRAFTING: bool = false;
    fn finish(game: Builder<'_>) -> Self {
        game.finish()
    }
}

impl ReadAs for Result<Draft, FormatError> {
    const DRAFTING: bool = true;
    fn finish(mut game: Builder<'_>) -> Self {
        let drafting = game.drafting.take().unwrap_or_default();
        drafting.finish(game.finish()?)
    }
}

/// The iterator `games` returns.
pub type Games<'a> = Reader<'a, Result<PgnGame, PgnError>>;

/// The iterator `drafts` returns.
pub type Drafts<'a> = Reader<'a, Result<Draft, FormatError>>;

/// Splits a text into games and reads each one as `O`.
pub struct Reader<'a, O> {
    lexer: Lexer<'a>,
    /// The game being read; `None` once the text is done.
    game: Option<Builder<'a>>,
    /// How many games were handed out (with those before the piece read).
    read: usize,
    /// Where the game being read begins, when the text may be cut there.
    cut: Option<Cut>,
    output: PhantomData<O>,
}

/// A place where a PGN text may be cut between games: the text from `at` reads, with
/// `Reader::starting_at(.., line, ..)`, into the same games as it does after what comes
/// before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cut {
    /// The byte where the game begins.
    pub at: usize,
    /// Its line in the file.
    pub line: usize,
}

impl<'a, O: ReadAs> Reader<'a, O> {
    /// A reader for a piece of a long file: `text` starts at line `line` of the file, and its
    /// first game is game `number` there.
    pub fn starting_at(text: &'a str, line: usize, number: usize) -> Self {
        Reader {
            lexer: Lexer::starting_at(text, line),
            game: Some(Builder::new(number, O::DRAFTING)),
            read: number - 1,
            cut: None,
            output: PhantomData,
        }
    }

    /// Where the game now being read begins, when it may be cut there: its first token opens
    /// its line, so a fresh reader from there is in the state this one was in (a game starts
    /// afresh with its first token, and the lexer looks back no further than the line's
    /// start). `None` otherwise (a game begun mid-line), and at the end.
    pub fn cut(&self) -> Option<Cut> {
        self.cut
    }
}

impl<O: ReadAs> Iterator for Reader<'_, O> {
    type Item = O;

    fn next(&mut self) -> Option<O> {
        let game = self.game.as_mut()?;
        for Spanned { tok, line } in self.lexer.by_ref() {
            let starts_game = match &tok {
                Tok::Comment(_) => false,
                _ if game.result.is_some() => true,
                Tok::Tag { name, .. } => game.movetext || game.tag_names.contains(*name),
                Tok::BadTag { .. } => game.movetext,
                _ => false,
            };
            if starts_game {
                self.cut = self.lexer.line_opened_at().map(|at| Cut { at, line });
                self.read += 1;
                let done = std::mem::replace(game, Builder::new(self.read + 1, O::DRAFTING));
                game.take(tok, line);
                return Some(O::finish(done));
            }
            game.take(tok, line);
        }
        self.cut = None;
        let last = self.game.take()?;
        last.started().then(|| {
            self.read += 1;
            O::finish(last)
        })
    }
}

/// How deep variations may nest: real files stay far below, and the tree is kept shallow
/// enough for recursive code (drop, comparison, the engine's walk) on any stack.
const MAX_DEPTH: usize = 100;

/// A token for an error message: at most 60 characters, cut ones ending with `...`.
fn shorten(token: String) -> String {
    match token.char_indices().nth(60) {
        Some((at, _)) => format!("{}...", &token[..at]),
        None => token,
    }
}

/// A line being read: its moves so far, and what waits for the next move.
struct Frame {
    moves: Vec<PgnMove>,
    /// Comments waiting for the next move (or, at the end, for the last one).
    waiting: Vec<String>,
    number: Option<MoveNumber>,
    /// The number written before the latest numbered move.
    last_number: Option<u32>,
    /// The ply before this line's first move.
    base_ply: usize,
    /// Moves of the line already handed to a draft (the main line only, when drafting).
    handed_on: usize,
    /// The line of its `(`.
    open_line: usize,
    /// The last token was the last move or one of its NAGs: a comment now is about that move.
    after_move: bool,
}

impl Frame {
    fn new(base_ply: usize, open_line: usize) -> Self {
        Frame {
            moves: Vec::new(),
            waiting: Vec::new(),
            number: None,
            last_number: None,
            base_ply,
            handed_on: 0,
            open_line,
            after_move: false,
        }
    }

    fn next_ply(&self) -> usize {
        self.base_ply + self.handed_on + self.moves.len() + 1
    }

    fn into_line(mut self) -> Line {
        match self.moves.last_mut() {
            Some(last) => {
                last.comments_after.append(&mut self.waiting);
                Line {
                    moves: self.moves,
                    comments: Vec::new(),
                }
            }
            None => Line {
                moves: Vec::new(),
                comments: self.waiting,
            },
        }
    }
}

/// A game being read.
#[doc(hidden)]
pub struct Builder<'a> {
    number: usize,
    first_line: Option<usize>,
    tags: Vec<(String, String)>,
    /// The names in `tags`, to spot a repeated one at once.
    tag_names: BTreeSet<&'a str>,
    notes: Vec<PgnNote>,
    /// The first error; once set, tokens only matter for finding the game's end.
    error: Option<PgnError>,
    /// The main line first, then each open variation.
    frames: Vec<Frame>,
    /// Any token besides tags and comments has been read.
    movetext: bool,
    /// The line of the first comment, for a stretch of text holding nothing else.
    comment_line: Option<usize>,
    result: Option<GameResult>,
    /// When reading into a draft: the main line's moves read so far, but the last.
    drafting: Option<Drafting>,
}

impl<'a> Builder<'a> {
    fn new(number: usize, drafting: bool) -> Self {
        Builder {
            number,
            first_line: None,
            tags: Vec::new(),
            tag_names: BTreeSet::new(),
            notes: Vec::new(),
            error: None,
            frames: vec![Frame::new(0, 0)],
            movetext: false,
            comment_line: None,
            result: None,
            drafting: drafting.then(Drafting::default),
        }
    }

    fn started(&self) -> bool {
        self.first_line.is_some() || self.comment_line.is_some()
    }

    fn fail(&mut self, line: usize, ply: Option<usize>, token: Option<String>, reason: String) {
        if self.error.is_none() {
            self.error = Some(PgnError {
                game: self.number,
                line,
                ply,
                token: token.map(shorten),
                reason,
            });
        }
    }

    fn frame(&mut self) -> &mut Frame {
        if self.frames.is_empty() {
            self.frames.push(Frame::new(0, 0));
        }
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    /// Fails at the ply where the current line stands.
    fn fail_here(&mut self, line: usize, token: String, reason: String) {
        let ply = self.frame().next_ply();
        self.fail(line, Some(ply), Some(token), reason);
    }

    fn take(&mut self, tok: Tok<'a>, line: usize) {
        match &tok {
            Tok::Comment(_) => {
                self.comment_line.get_or_insert(line);
            }
            Tok::Tag { .. } | Tok::BadTag { .. } => {
                self.first_line.get_or_insert(line);
            }
            _ => {
                self.first_line.get_or_insert(line);
                self.movetext = true;
            }
        }
        if self.error.is_some() {
            if let Tok::Result(result) = tok {
                self.result = Some(result);
            }
            return;
        }
        match tok {
            Tok::Tag {
                name,
                value,
                loose_quote,
            } => {
                if loose_quote {
                    self.notes.push(PgnNote {
                        line,
                        text: format!("tag {name}: a '\"' inside the value was not escaped; it is kept in the value"),
                    });
                }
                self.tag_names.insert(name);
                self.tags.push((name.to_string(), value.into_owned()));
            }
            Tok::BadTag { token, reason } | Tok::Garbage { token, reason } => {
                let ply = self.movetext.then(|| self.frame().next_ply());
                self.fail(line, ply, Some(token), reason);
            }
            Tok::Comment(text) => {
                let text = squeeze(text);
                let frame = self.frame();
                match frame.moves.last_mut() {
                    Some(last) if frame.after_move => last.comments_after.push(text),
                    _ => frame.waiting.push(text),
                }
            }
            Tok::Word(word) => self.add_move(word, line),
            Tok::Nag(nag) => match self.frame().moves.last_mut() {
                Some(last) => last.nags.push(nag),
                None => self.fail_here(line, format!("${nag}"), "a NAG with no move before it".to_string()),
            },
            Tok::EnPassant(mark) => match self.frame().moves.last_mut() {
                Some(last) => {
                    if !last.suffix.is_empty() {
                        last.suffix.push(' ');
                    }
                    last.suffix.push_str(mark);
                }
                None => self.fail_here(
                    line,
                    mark.to_string(),
                    "an en-passant mark with no move before it".to_string(),
                ),
            },
            Tok::Number { number, black } => {
                let main = self.frames.len() == 1;
                let frame = self.frame();
                let before = frame.last_number;
                frame.number = Some(MoveNumber { number, black });
                frame.after_move = false;
                if let Some(before) = before.filter(|b| main && number < *b) {
                    self.notes.push(PgnNote {
                        line,
                        text: format!(
                            "move number {number} after move {before}: maybe a new game without a result or tags"
                        ),
                    });
                }
            }
            Tok::Dots => {
                let frame = self.frame();
                if let Some(n) = frame.number.as_mut() {
                    n.black = true;
                }
                frame.after_move = false;
            }
            Tok::Open => self.open(line),
            Tok::Close => self.close(line),
            Tok::Result(result) => {
                self.result = Some(result);
                if self.frames.len() > 1 {
                    let open = self.frame().open_line;
                    let reason = format!("the variation opened at line {open} is not closed before the result");
                    self.fail_here(line, result.text().to_string(), reason);
                }
            }
        }
    }

    fn add_move(&mut self, word: &str, line: usize) {
        let parsed = match parse_move(word) {
            Ok(parsed) => parsed,
            Err(reason) => return self.fail_here(line, word.to_string(), reason),
        };
        let main = self.frames.len() == 1;
        let drafting = self.drafting.as_mut().filter(|_| main);
        let Some(frame) = self.frames.last_mut() else {
            return; // never: the main line's frame is always there
        };
        let ply = frame.next_ply();
        let number = frame.number.take();
        if let Some(n) = number {
            frame.last_number = Some(n.number);
        }
        frame.after_move = true;
        let waiting = std::mem::take(&mut frame.waiting);
        match (drafting, frame.moves.last_mut()) {
            // Nothing more can hang on the main line's last move once another follows: it goes
            // to the draft, and the new move takes its place (and its buffers).
            (Some(drafting), Some(last)) => {
                drafting.take_move(last);
                frame.handed_on += 1;
                last.raw.clear();
                last.raw.push_str(word);
                last.token = parsed.token;
                last.suffix = parsed.suffix;
                last.nags = parsed.nags;
                last.line = line;
                last.ply = ply;
                last.number = number;
                frame.waiting = std::mem::replace(&mut last.comments_before, waiting);
            }
            _ => frame.moves.push(PgnMove {
                raw: word.to_string(),
                token: parsed.token,
                suffix: parsed.suffix,
                nags: parsed.nags,
                line,
                ply,
                number,
                comments_before: waiting,
                comments_after: Vec::new(),
                variations: Vec::new(),
            }),
        }
    }

    fn open(&mut self, line: usize) {
        if self.frames.len() > MAX_DEPTH {
            let reason = format!("variations are nested more than {MAX_DEPTH} deep");
            self.fail_here(line, "(".to_string(), reason);
            return;
        }
        let frame = self.frame();
        frame.after_move = false;
        match frame.moves.last() {
            Some(last) => {
                let base = last.ply - 1;
                self.frames.push(Frame::new(base, line));
            }
            None => self.fail_here(line, "(".to_string(), "a variation with no move before it".to_string()),
        }
    }

    fn close(&mut self, line: usize) {
        if self.frames.len() < 2 {
            self.fail_here(line, ")".to_string(), "')' closes no variation".to_string());
            return;
        }
        if let Some(done) = self.frames.pop() {
            let variation = done.into_line();
            let parent = self.frame();
            parent.after_move = false;
            if let Some(last) = parent.moves.last_mut() {
                last.variations.push(variation);
            }
        }
    }

    fn finish(mut self) -> Result<PgnGame, PgnError> {
        let line = self.first_line.or(self.comment_line).unwrap_or(1);
        if self.frames.len() > 1 && self.error.is_none() {
            let open = self.frame().open_line;
            let reason = format!("the variation opened at line {open} is never closed");
            self.fail(open, None, Some("(".to_string()), reason);
        }
        if self.first_line.is_none() {
            self.fail(line, None, None, "comments outside any game".to_string());
        } else if !self.movetext {
            self.fail(
                line,
                None,
                None,
                "the game has tags but no moves and no result".to_string(),
            );
        }
        if let Some(error) = self.error {
            return Err(error);
        }
        let main = match self.frames.into_iter().next() {
            Some(frame) => frame.into_line(),
            None => Line::default(),
        };
        Ok(PgnGame {
            number: self.number,
            line,
            tags: self.tags,
            main,
            result: self.result,
            notes: self.notes,
        })
    }
}
