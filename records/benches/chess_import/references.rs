//! The reference points of the chess import bench: pgn-reader with shakmaty (a visitor that
//! reads each SAN and plays it on a shakmaty position), python-chess through
//! `fixtures/bench/python_chess_import.py`, and perft against shakmaty's.

use std::fs::File;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use kifu_chess::perft::perft;
use kifu_chess::Variant;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// Counts games and plies; plays every move on a shakmaty position when `play` is set.
struct Counter {
    play: bool,
    plies: usize,
}

impl Visitor for Counter {
    type Tags = ();
    type Movetext = Chess;
    /// Whether every move of the game was legal.
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, ()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _tags: &mut (), _name: &[u8], _value: RawTag<'_>) -> ControlFlow<bool> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(Chess::default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        self.plies += 1;
        if !self.play {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _pos: Chess) -> bool {
        true
    }
}

/// Reads the file with pgn-reader: (games read with every move legal, plies seen).
pub fn pgn_reader(path: &Path, play: bool) -> (usize, usize) {
    let file = File::open(path).expect("open the PGN file");
    let mut reader = Reader::new(file);
    let mut counter = Counter { play, plies: 0 };
    let mut games = 0;
    while let Some(ok) = reader.read_game(&mut counter).expect("read the PGN file") {
        games += usize::from(ok);
    }
    (games, counter.plies)
}

/// python-chess's seconds for the file, or `None` when python-chess is not installed.
pub fn python_chess(path: &Path, games: usize, plies: usize) -> Option<f64> {
    let probe = Command::new("python3").args(["-c", "import chess.pgn"]).output();
    if !probe.is_ok_and(|o| o.status.success()) {
        return None;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/bench/python_chess_import.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(path)
        .output()
        .expect("run python3");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "python-chess script failed: {text}");
    let words: Vec<&str> = text.split_whitespace().collect();
    let field = |name: &str| {
        words
            .iter()
            .position(|w| *w == name)
            .and_then(|i| words.get(i + 1))
            .unwrap_or_else(|| panic!("python-chess script printed no '{name}': {text}"))
            .to_string()
    };
    assert_eq!(field("games"), games.to_string(), "python-chess read every game");
    assert_eq!(field("plies"), plies.to_string(), "python-chess played every move");
    assert_eq!(field("errors"), "0", "python-chess found no errors");
    field("seconds").parse().ok()
}

/// Perft positions with their known counts (Chess Programming Wiki, "Perft Results").
const PERFT: [(&str, &str, u32, u64, u32, u64); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
        4,
        197_281,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
        3,
        97_862,
    ),
];

fn best_nps(nodes: u64, mut run: impl FnMut() -> u64) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        assert_eq!(run(), nodes, "perft count");
        best = best.min(t.elapsed().as_secs_f64());
    }
    nodes as f64 / best
}

/// Perft nodes per second, best of 3, kifu against shakmaty.
pub fn perft_table(quick: bool) {
    println!("\nperft, best of 3");
    println!(
        "{:<10} {:>5} {:>10} {:>14} {:>14} {:>10}",
        "position", "depth", "nodes", "kifu nps", "shakmaty nps", "kifu/sm"
    );
    for (name, fen, depth, nodes, quick_depth, quick_nodes) in PERFT {
        let (depth, nodes) = if quick {
            (quick_depth, quick_nodes)
        } else {
            (depth, nodes)
        };
        let kifu = best_nps(nodes, || {
            perft(Variant::Standard, fen, depth).expect("kifu reads the FEN")
        });
        let pos: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("shakmaty reads the FEN")
            .into_position(CastlingMode::Standard)
            .expect("a legal position");
        let sm = best_nps(nodes, || shakmaty::perft(&pos, depth));
        println!(
            "{name:<10} {depth:>5} {nodes:>10} {kifu:>14.0} {sm:>14.0} {:>10.3}",
            kifu / sm
        );
    }
}
