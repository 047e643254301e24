//! The chess family's notation formats for `kifu import`/`export`: PGN (games with their
//! tags, comments, NAGs and variations, the last three kept as note entries), FEN and EPD
//! (set-up positions in, the position at the end out) and UCI move lists. A reader hands the
//! moves on as typed; legality is decided when the kernel plays the draft through the rules.
//! An illegal move that stood (the arbiter's `illegal MOVE`) is written to PGN SAN-like with a
//! comment saying so, refused by UCI, and never read back from any of them.

use std::collections::BTreeMap;

use super::fen::{parse_epd, parse_fen, to_epd, to_fen};
use super::illegal;
use super::pgn::{self, push_notes, GameResult, OutGame, OutMove};
use super::piece::Color;
use super::plies::{record_moves, record_start, Played};
use super::uci::move_to_uci;
use super::variant::Variant;
use kifu_core::format::{Draft, DraftMove, Format, FormatError, GameStream};
use kifu_core::record::{note, Actor, Record};
use kifu_core::rules::Turn;

/// Every registry name of the chess family, as formats list the games they carry.
pub const GAMES: &[&str] = &super::variant::NAMES;

pub struct Pgn;
pub static PGN: Pgn = Pgn;

impl Format for Pgn {
    fn name(&self) -> &'static str {
        "pgn"
    }
    fn describe(&self) -> &'static str {
        "PGN games (comments, NAGs and variations kept as notes)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["pgn"]
    }
    fn games(&self) -> &'static [&'static str] {
        GAMES
    }
    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        self.read_each(text).collect()
    }
    fn read_each<'a>(&self, text: &'a str) -> kifu_core::format::Drafts<'a> {
        Box::new(pgn::drafts(text))
    }
    fn write(&self, record: &Record) -> Result<String, FormatError> {
        pgn::write_game(&out_game(record)?)
    }
    fn stream(&self) -> Option<Box<dyn GameStream>> {
        Some(Box::new(PgnStream(pgn::Pieces::new())))
    }
}

/// A PGN database read a piece at a time, its games handed out as drafts.
struct PgnStream(pgn::Pieces);

impl GameStream for PgnStream {
    fn feed(&mut self, piece: &str) -> Vec<Result<Draft, FormatError>> {
        self.0.feed_drafts(piece)
    }
    fn finish(&mut self) -> Vec<Result<Draft, FormatError>> {
        self.0.finish_drafts()
    }
}

/// A record as a PGN game: the moves' canonical SAN, notes as comments after the move before.
fn out_game(record: &Record) -> Result<OutGame, FormatError> {
    let header = &record.header;
    let mut tags: Vec<(String, String)> = header.tags.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    tags.retain(|(k, _)| k != "Result");
    for (seat, name) in ["White", "Black"].iter().enumerate() {
        if let Some(player) = header.players.get(seat).filter(|p| p.as_str() != "?") {
            tags.push((name.to_string(), player.clone()));
        }
    }
    if header.game != "chess" {
        let played_as = crate::fairy::horizontal_cylinder::played_as(&header.game, &header.options);
        let name = pgn::variant_tag(played_as)
            .ok_or_else(|| FormatError::new(format!("PGN has no Variant name for {}", header.game)))?;
        tags.push(("Variant".into(), name.into()));
    }
    let (variant, start) = record_start(record)?;
    if let Some(fen) = start_fen(record, variant, &start) {
        tags.push(("FEN".into(), fen));
    }
    let mut moves: Vec<OutMove> = Vec::new();
    let mut preamble: Option<String> = None;
    let mut result = header
        .tags
        .get("Result")
        .map(|r| result_of(r))
        .unwrap_or(GameResult::Unknown);
    let illegal_entries = record
        .entries
        .iter()
        .any(|e| e.actor == Actor::Arbiter && illegal::entry_move(&e.command).is_some());
    let illegal_written: BTreeMap<u64, String> = if illegal_entries {
        let (plies, _) = record_moves(record)?;
        plies
            .iter()
            .filter_map(|ply| match &ply.played {
                Played::Illegal(m, after) => Some((ply.seq, illegal::written(&ply.before, m, after))),
                Played::Legal(_) => None,
            })
            .collect()
    } else {
        BTreeMap::new()
    };
    for entry in &record.entries {
        match entry.actor {
            Actor::Note => {
                let text = note::unescape(&entry.command);
                let (slot, comment) = match moves.last_mut() {
                    Some(last) => (&mut last.annotations, Some(&mut last.comment)),
                    None => (&mut preamble, None),
                };
                match (note_movetext(&text), comment) {
                    (Some(movetext), _) => join(slot, &movetext),
                    (None, Some(comment)) => join(comment, &text),
                    (None, None) => {}
                }
            }
            Actor::Seat(_) => match entry.command.as_str() {
                // Game-ending commands: the result comes from the rules below.
                "resign" | "draw accept" | "draw claim" | "draw offer" | "draw decline" => {}
                san => moves.push(OutMove {
                    san: san.to_string(),
                    ..OutMove::default()
                }),
            },
            Actor::Arbiter => {
                if let Some(san) = illegal_written.get(&entry.seq) {
                    moves.push(OutMove {
                        san: san.clone(),
                        comment: Some(illegal::PGN_COMMENT.to_string()),
                        ..OutMove::default()
                    });
                }
            }
            Actor::Chance => {}
        }
    }
    if let Some(Turn::Over { outcome }) = kifu_core::replay::verify_record(crate::registry(), record).turn {
        result = match outcome.winners.as_slice() {
            [0] => GameResult::WhiteWins,
            [1] => GameResult::BlackWins,
            _ => GameResult::Draw,
        };
    }
    Ok(OutGame {
        tags,
        fullmove: start.fullmove,
        black_first: start.turn == Color::Black,
        moves,
        result,
        preamble,
    })
}

fn join(slot: &mut Option<String>, text: &str) {
    *slot = Some(match slot.take() {
        Some(before) => format!("{before} {text}"),
        None => text.to_string(),
    });
}

/// A note as PGN movetext: as it is when it reads back as the same note (what a PGN import
/// made of NAGs, comments and variations), else as one brace comment when it holds no `}`.
/// `None`: only a `;` comment can hold it.
fn note_movetext(text: &str) -> Option<String> {
    let probe = format!("1. e4 {text} *");
    if let [Ok(game)] = pgn::read_games(&probe).as_slice() {
        if let [m] = game.main.moves.as_slice() {
            let mut again = Vec::new();
            push_notes(&mut again, &m.comments_after, &m.nags, &m.variations, 0);
            if m.comments_before.is_empty() && again.len() == 1 && again[0].text == text {
                return Some(text.to_string());
            }
        }
    }
    (!text.contains('}')).then(|| format!("{{{}}}", text.split_whitespace().collect::<Vec<_>>().join(" ")))
}

/// The FEN a file must give for a record's start: the set-up as recorded, else the position a
/// `position=N` option makes when it is not the variant's own start (Chess960 518 is).
fn start_fen(record: &Record, variant: Variant, start: &crate::Position) -> Option<String> {
    if let Some(fen) = &record.header.start {
        return Some(fen.clone());
    }
    let fen = to_fen(start);
    match parse_fen(variant, variant.start_fen()) {
        Ok(own) if to_fen(&own) == fen => None,
        _ => Some(fen),
    }
}

fn result_of(text: &str) -> GameResult {
    match text {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" => GameResult::Draw,
        _ => GameResult::Unknown,
    }
}

/// One position per line in, the position at the end of the record out.
pub struct FenFormat {
    epd: bool,
}
pub static FEN: FenFormat = FenFormat { epd: false };
pub static EPD: FenFormat = FenFormat { epd: true };

impl Format for FenFormat {
    fn name(&self) -> &'static str {
        if self.epd {
            "epd"
        } else {
            "fen"
        }
    }
    fn describe(&self) -> &'static str {
        if self.epd {
            "EPD positions, one a line (standard chess unless the record says otherwise)"
        } else {
            "FEN positions, one a line: each a set-up record; export gives the last position"
        }
    }
    fn extensions(&self) -> &'static [&'static str] {
        if self.epd {
            &["epd"]
        } else {
            &["fen"]
        }
    }
    fn games(&self) -> &'static [&'static str] {
        GAMES
    }
    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        let mut out = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = index + 1;
            let fen = if self.epd {
                parse_epd(Variant::Standard, line).map(|(pos, _)| to_fen(&pos))
            } else {
                parse_fen(Variant::Standard, line).map(|pos| to_fen(&pos))
            };
            out.push(
                fen.map(|fen| Draft {
                    game: "chess".into(),
                    players: vec!["?".into(), "?".into()],
                    start: Some(fen),
                    line: at,
                    ..Draft::default()
                })
                .map_err(|e| FormatError::at_line(at, e)),
            );
        }
        out
    }
    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let (_, pos) = record_moves(record)?;
        Ok(format!("{}\n", if self.epd { to_epd(&pos) } else { to_fen(&pos) }))
    }
}

/// UCI moves: `position startpos moves e2e4 ...`, `position fen FEN moves ...`, or bare moves,
/// one game a line. `setoption name UCI_Chess960 value true` (as a GUI sends it to an engine)
/// makes the games after it Chess960 until `value false`, and `setoption name UCI_Variant value
/// NAME` (Fairy-Stockfish's option) makes them that variant; other `setoption` lines are passed
/// over.
pub struct UciFormat;
pub static UCI: UciFormat = UciFormat;

/// The line that tells an engine, and this reader, that the games after it are Chess960.
const UCI_CHESS960: &str = "setoption name UCI_Chess960 value true";

/// For a `setoption` line: the game it switches to (`None` when it names another option).
fn uci_option(words: &[&str]) -> Option<&'static str> {
    let rest = words.strip_prefix(&["setoption", "name"])?;
    let value = rest.iter().position(|w| *w == "value")?;
    let name = rest[..value].join(" ");
    if name.eq_ignore_ascii_case("UCI_Variant") {
        let named = rest[value + 1..].join(" ");
        return Some(Variant::from_name(&named).map_or("chess", Variant::name));
    }
    if !name.eq_ignore_ascii_case("UCI_Chess960") {
        return None;
    }
    match rest[value + 1..] {
        [v] if v.eq_ignore_ascii_case("true") => Some("chess960"),
        _ => Some("chess"),
    }
}

impl Format for UciFormat {
    fn name(&self) -> &'static str {
        "uci"
    }
    fn describe(&self) -> &'static str {
        "UCI move lists ('position startpos moves e2e4 e7e5' or bare moves), one game a line"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["uci"]
    }
    fn games(&self) -> &'static [&'static str] {
        GAMES
    }
    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        let mut out = Vec::new();
        let mut game = "chess";
        for (index, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            if words[0] == "setoption" {
                game = uci_option(&words).unwrap_or(game);
                continue;
            }
            let at = index + 1;
            let (start, moves) = match words.as_slice() {
                ["position", "startpos", rest @ ..] => (None, rest),
                ["position", "fen", rest @ ..] => {
                    let end = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
                    (Some(rest[..end].join(" ")), &rest[end..])
                }
                ["position", other @ ..] => {
                    let what = other.first().copied().unwrap_or("nothing");
                    out.push(Err(FormatError::at_line(
                        at,
                        format!("'position {what}': a position is 'startpos' or 'fen FEN'"),
                    )));
                    continue;
                }
                rest => (None, rest),
            };
            let moves = match moves {
                ["moves", rest @ ..] => rest,
                [first, ..] if start.is_some() || words[0] == "position" => {
                    out.push(Err(FormatError::at_line(
                        at,
                        format!("'{first}' where 'moves' was expected"),
                    )));
                    continue;
                }
                _ => moves,
            };
            out.push(Ok(Draft {
                game: game.into(),
                players: vec!["?".into(), "?".into()],
                start,
                moves: moves
                    .iter()
                    .map(|m| DraftMove {
                        actor: None,
                        text: m.to_string(),
                        line: at,
                    })
                    .collect(),
                line: at,
                ..Draft::default()
            }));
        }
        out
    }
    /// A Chess960 game gets the `setoption` line first, and `position fen` unless it starts
    /// from the standard array; castling is then king-takes-rook, as Chess960 engines read it.
    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let (variant, start) = record_start(record)?;
        let (plies, _) = record_moves(record)?;
        let mut out = String::new();
        if variant == Variant::Chess960 {
            out.push_str(UCI_CHESS960);
            out.push('\n');
        } else if variant != Variant::Standard {
            out.push_str(&format!("setoption name UCI_Variant value {}\n", variant.name()));
        }
        match start_fen(record, variant, &start) {
            Some(fen) => out.push_str(&format!("position fen {fen} moves")),
            None => out.push_str("position startpos moves"),
        }
        for ply in &plies {
            let m = match &ply.played {
                Played::Legal(m) => m,
                Played::Illegal(m, _) => {
                    return Err(FormatError::new(format!(
                        "move {} ('{}') is an illegal move that stood: a UCI move list cannot mark it and an engine would refuse it; export the game as PGN or kifu",
                        plies.iter().position(|p| p.seq == ply.seq).unwrap_or(0) + 1,
                        illegal::canonical(&ply.before, m)
                    )))
                }
            };
            out.push(' ');
            out.push_str(&move_to_uci(&ply.before, m));
        }
        out.push('\n');
        Ok(out)
    }
}
