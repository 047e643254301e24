//! `kifu perft`: move-generation counts for the chess engine, to check it against published
//! figures or another engine. Prints the leaf count, or per first move with `--divide`.

use clap::Args;
use kifu_chess::{perft, Variant};
use serde_json::json;

use super::{ok, print_json};
use crate::exit::{CliError, CliResult};

/// Count the leaf positions N moves deep (chess and its variants)
///
/// To check the move generator against published counts or another engine.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu perft --depth 4                       # 197281
  kifu perft --variant atomic --depth 3 --divide
  kifu perft --fen \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\" --depth 2 --json")]
pub struct PerftArgs {
    /// The variant: chess, chess960, crazyhouse, atomic, antichess, horde, kingofthehill,
    /// threecheck, racingkings, balbo, and the fairy variants of seeds/chess/ (lichess names are read too)
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The position [default: the variant's start]
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// How many plies deep
    #[arg(long, value_name = "N")]
    pub depth: u32,
    /// Count per first move (UCI), as engines print it
    #[arg(long)]
    pub divide: bool,
    #[arg(long, help = super::JSON_HELP)]
    pub json: bool,
}

pub fn run(args: PerftArgs) -> CliResult {
    let variant = Variant::from_name(&args.variant)
        .ok_or_else(|| CliError::input(format!("--variant '{}': not a chess variant kifu knows", args.variant)))?;
    let fen = args.fen.clone().unwrap_or_else(|| variant.start_fen().to_string());
    let bad_fen = |e: String| CliError::input(format!("--fen: {e}"));
    if args.divide {
        let rows = perft::divide(variant, &fen, args.depth).map_err(bad_fen)?;
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        if args.json {
            let moves: serde_json::Map<String, serde_json::Value> =
                rows.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
            print_json(
                &json!({"variant": variant.name(), "fen": fen, "depth": args.depth, "nodes": total, "divide": moves}),
            );
        } else {
            for (m, n) in &rows {
                out!("{m}: {n}");
            }
            out!();
            out!("nodes {total}");
        }
    } else {
        let nodes = perft::perft(variant, &fen, args.depth).map_err(bad_fen)?;
        if args.json {
            print_json(&json!({"variant": variant.name(), "fen": fen, "depth": args.depth, "nodes": nodes}));
        } else {
            out!("{nodes}");
        }
    }
    ok()
}
