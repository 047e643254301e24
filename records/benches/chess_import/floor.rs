//! The floor the record design sets under replay: the blake3 work a verifier must do for every
//! record whatever its rules cost (a chain step an entry, a state hash a move, and in chess the
//! repetition key a move: rules version 3 keeps no running digest), timed alone on the bench's
//! own records and given per ply beside the reference's whole time a ply. It measures; it
//! never changes a record.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

use kifu_chess::fen::shown_ep;
use kifu_chess::repetition::packed_key_showing;
use kifu_chess::rules::{ChessRules, Command};
use kifu_chess::{Position, Variant};
use kifu_core::record::{chain_step, header_hash, Actor, Record};
use kifu_core::rules::{Rules, Setup};

/// What the hashing alone costs, in µs a ply.
pub struct Floor {
    pub chain: f64,
    pub state: f64,
    pub repetition: f64,
    /// Not the record as it is: what one chain step over each record's lines together (one
    /// blake3 call, as a record format hashing a commit's entries at once would make) and one
    /// state hash at its end would cost, a ply.
    pub per_record: f64,
}

impl Floor {
    pub fn total(&self) -> f64 {
        self.chain + self.state + self.repetition
    }
}

/// The bytes every hash of the records covers, gathered once by playing them through the chess
/// rules, then hashed again `rounds` times with nothing else in the loop.
pub fn measure(records: &[Record], plies: usize, rounds: usize) -> Floor {
    let rules = ChessRules {
        variant: Variant::Standard,
    };
    let options = BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: None,
    };
    let mut headers = Vec::new();
    let mut lines = Vec::new();
    // Each record's lines, one after the other, and its last hashed state.
    let mut runs: Vec<(String, Vec<u8>)> = Vec::new();
    let mut hashed = Vec::new();
    // Each position reached with the en passant square its FEN shows, worked out here.
    let mut positions: Vec<(Position, Option<u8>)> = Vec::new();
    for record in records {
        headers.push(record.header.canonical_text());
        let mut state = rules.setup(&setup).expect("the standard start");
        let mut run = String::new();
        for entry in &record.entries {
            lines.push(entry.canonical_line());
            // Without the entry's own state hash: such a format would hash the state once.
            let mut bare = entry.clone();
            bare.state = None;
            bare.write_canonical_line(&mut run);
            run.push('\n');
            if entry.actor == Actor::Note {
                continue;
            }
            let command = rules
                .parse(&state, entry.actor, &entry.command)
                .expect("a stored move reads");
            if let Command::Move(m) = &command {
                let mut after = kifu_chess::fen::parse_fen(Variant::Standard, &state.fen()).expect("the state's FEN");
                after.play(m);
                let ep = shown_ep(&after, None);
                positions.push((after, ep));
            }
            rules
                .apply(&mut state, entry.actor, &command)
                .expect("a stored move applies");
            hashed.push(rules.hashed_state(&state));
        }
        runs.push((run, rules.hashed_state(&state)));
    }
    let per_ply = |secs: f64| secs * 1e6 / (rounds * plies) as f64;
    let t = Instant::now();
    for _ in 0..rounds {
        for header in &headers {
            black_box(header_hash(header));
        }
        let mut head = [0u8; 32];
        for line in &lines {
            head = chain_step(&head, line);
        }
        black_box(head);
    }
    let chain = per_ply(t.elapsed().as_secs_f64());
    let t = Instant::now();
    for _ in 0..rounds {
        for bytes in &hashed {
            black_box(blake3::hash(bytes));
        }
    }
    let state = per_ply(t.elapsed().as_secs_f64());
    let t = Instant::now();
    for _ in 0..rounds {
        for (pos, ep) in &positions {
            black_box(packed_key_showing(pos, *ep));
        }
    }
    let repetition = per_ply(t.elapsed().as_secs_f64());
    let t = Instant::now();
    for _ in 0..rounds {
        for (header, (run, last)) in headers.iter().zip(&runs) {
            black_box(chain_step(&header_hash(header), run));
            black_box(blake3::hash(last));
        }
    }
    let per_record = per_ply(t.elapsed().as_secs_f64());
    Floor {
        chain,
        state,
        repetition,
        per_record,
    }
}

/// Prints the floor beside the reference's time a ply and the best ratio it leaves replay.
pub fn print(floor: &Floor, reference_us_per_ply: f64) {
    println!("\nthe record design's hashing alone, per ply (the rules not counted)");
    for (part, us) in [
        ("chain steps (every entry, the header)", floor.chain),
        ("state hashes (blake3 of the hashed state)", floor.state),
        ("repetition keys", floor.repetition),
        ("in all", floor.total()),
    ] {
        println!("{part:<44} {us:>8.3} us/ply");
    }
    println!(
        "pgn-reader + shakmaty, whole: {reference_us_per_ply:.3} us/ply; replay can reach at most {:.3} of its rate with these hashes",
        reference_us_per_ply / floor.total()
    );
    println!(
        "{:<44} {:>8.3} us/ply (not the record as it is; repetition keys as above)",
        "a chain step and a state hash a record", floor.per_record
    );
}
