//! A deterministic PGN file of plausible-looking standard chess games for the import bench:
//! random legal moves from kifu's engine, biased towards captures, castling and developing
//! moves, with realistic tags, `[%clk]` comments on about half the games and a few NAGs. It reads no
//! clock and no randomness but `ChanceRng` streams keyed by the game number.

use std::collections::BTreeMap;

use kifu_chess::fen::{parse_fen, to_epd};
use kifu_chess::movegen::legal_moves;
use kifu_chess::outcome::position_result;
use kifu_chess::pgn::{write_game, GameResult, OutGame, OutMove};
use kifu_chess::piece::{Color, Role};
use kifu_chess::san::move_to_san;
use kifu_chess::{Move, MoveKind, Position, Variant};
use kifu_core::chance::ChanceRng;

const FIRST: [&str; 12] = [
    "Anna", "Boris", "Chen", "Dmitri", "Elif", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kemal", "Lena",
];
const LAST: [&str; 12] = [
    "Ivanova", "Petrov", "Wang", "Novak", "Yilmaz", "Haddad", "Okafor", "Sato", "Garcia", "Berg", "Demir", "Costa",
];
const EVENTS: [&str; 5] = [
    "Rated Blitz game",
    "Rated Rapid game",
    "Casual Bullet game",
    "Club Championship",
    "Bench Open",
];
/// (base seconds, increment seconds) as `TimeControl` writes them.
const CONTROLS: [(u32, u32); 6] = [(60, 0), (180, 0), (180, 2), (300, 3), (600, 5), (900, 10)];
const REMARKS: [&str; 4] = [
    "Inaccuracy. A quieter move was better.",
    "Mistake.",
    "The only move.",
    "[%eval 0.31] A sharp line.",
];

/// `games` games as one PGN text.
pub fn pgn_file(games: usize) -> String {
    (0..games).map(|n| game_text(n as u64)).collect()
}

/// Writes games to `path` until it holds at least `bytes` bytes, built on every core (each game
/// depends only on its number, so the file is the same whatever the thread count): (games,
/// bytes written).
pub fn pgn_file_of_size(path: &std::path::Path, bytes: u64) -> (usize, u64) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("create the PGN file"));
    let mut written = 0u64;
    let mut games = 0;
    let full = kifu_core::parallel::map_in_order(0u64.., kifu_core::parallel::cores(), game_text, |_, text| {
        if written >= bytes {
            return Err(());
        }
        out.write_all(text.as_bytes()).expect("write the PGN file");
        written += text.len() as u64;
        games += 1;
        Ok(())
    });
    assert!(full.is_err(), "the games never end");
    out.flush().expect("write the PGN file");
    (games, written)
}

fn pick<'a>(rng: &mut ChanceRng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len() as u64) as usize]
}

fn player(rng: &mut ChanceRng) -> String {
    format!("{}, {}", pick(rng, &LAST), pick(rng, &FIRST))
}

fn clock(seconds: u32) -> String {
    format!("[%clk {}:{:02}:{:02}]", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

/// How much more likely a move is than a quiet one.
fn weight(pos: &Position, m: &Move) -> u64 {
    let geo = pos.geo;
    let home = if pos.turn == Color::White { 0 } else { 7 };
    let opening = pos.fullmove <= 12;
    let mut w = 4;
    if pos.is_capture(m) {
        w += 24;
    }
    match m.kind {
        MoveKind::Castle => w += 60,
        _ if matches!(m.promotion, Some(Role::Queen)) => w += 60,
        _ if m.promotion.is_some() => w = 1,
        _ => {}
    }
    match m.role {
        Role::Knight | Role::Bishop if opening && geo.rank(m.from) == home => w += 20,
        Role::Pawn if opening && (2..=5).contains(&geo.file(m.to)) => w += 12,
        Role::King if m.kind != MoveKind::Castle && pos.fullmove <= 30 => w = 1,
        Role::Queen if pos.fullmove <= 8 => w = 2,
        _ => {}
    }
    w
}

fn game_text(n: u64) -> String {
    let mut rng = ChanceRng::for_entry(b"kifu chess import bench", n);
    let (base, increment) = CONTROLS[rng.below(CONTROLS.len() as u64) as usize];
    let with_clock = rng.below(2) == 0;
    let target = 40 + rng.below(81) as usize;
    let mut pos = parse_fen(Variant::Standard, Variant::Standard.start_fen()).expect("the start position reads");
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    let mut clocks = [base; 2];
    let mut moves: Vec<OutMove> = Vec::new();
    let mut result = None;
    while moves.len() < target {
        let legal = legal_moves(&pos);
        let weights: Vec<u64> = legal.iter().map(|m| weight(&pos, m)).collect();
        let m = legal[rng.weighted(&weights)];
        let side = pos.turn.index();
        let mut out = OutMove {
            san: move_to_san(&pos, &m),
            ..OutMove::default()
        };
        pos.play(&m);
        if with_clock {
            let spent = rng.below(u64::from(clocks[side] / 20 + 2)) as u32;
            clocks[side] = clocks[side].saturating_sub(spent) + increment;
            out.comment = Some(clock(clocks[side]));
        }
        if rng.below(25) == 0 {
            out.nags.push(1 + rng.below(6) as u16);
        }
        if rng.below(80) == 0 {
            let remark = pick(&mut rng, &REMARKS);
            out.comment = Some(match out.comment.take() {
                Some(c) => format!("{c} {remark}"),
                None => remark.to_string(),
            });
        }
        moves.push(out);
        let count = seen.entry(to_epd(&pos)).or_insert(0);
        *count += 1;
        if let Some(outcome) = position_result(&pos) {
            result = Some(match outcome.winners.as_slice() {
                [0] => GameResult::WhiteWins,
                [1] => GameResult::BlackWins,
                _ => GameResult::Draw,
            });
            break;
        }
        if *count >= 3 || pos.halfmove >= 100 {
            result = Some(GameResult::Draw);
            break;
        }
    }
    // Not over on the board: a resignation or an agreed draw, as most real games end.
    let result = result.unwrap_or(match rng.below(20) {
        0..=8 => GameResult::WhiteWins,
        9..=15 => GameResult::BlackWins,
        _ => GameResult::Draw,
    });
    let elo = |rng: &mut ChanceRng| (1000 + rng.below(1800)).to_string();
    let tags = vec![
        ("Event".to_string(), pick(&mut rng, &EVENTS).to_string()),
        (
            "Site".to_string(),
            format!("https://example.org/{:08x}", rng.next_u64() as u32),
        ),
        (
            "Date".to_string(),
            format!(
                "{}.{:02}.{:02}",
                2015 + rng.below(10),
                1 + rng.below(12),
                1 + rng.below(28)
            ),
        ),
        ("Round".to_string(), (1 + rng.below(9)).to_string()),
        ("White".to_string(), player(&mut rng)),
        ("Black".to_string(), player(&mut rng)),
        ("WhiteElo".to_string(), elo(&mut rng)),
        ("BlackElo".to_string(), elo(&mut rng)),
        (
            "ECO".to_string(),
            format!(
                "{}{:02}",
                ["A", "B", "C", "D", "E"][rng.below(5) as usize],
                rng.below(100)
            ),
        ),
        ("TimeControl".to_string(), format!("{base}+{increment}")),
    ];
    write_game(&OutGame {
        tags,
        fullmove: 1,
        black_first: false,
        moves,
        result,
        preamble: None,
    })
    .expect("the generated game writes")
}
