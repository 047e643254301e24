//! `kifu games`: the games and notation formats this kifu knows, or one game's options and
//! formats.

use clap::Args;
use serde_json::json;

use super::{ok, print_json, JSON_HELP};
use crate::exit::CliResult;

/// List the games (name, rules version, players) and the notation formats
#[derive(Args)]
#[command(after_help = "Examples:
  kifu games                                 # every game and format
  kifu games renju                           # one game: its players, options and formats
  kifu games --json | jq -r '.games[].name'")]
pub struct GamesArgs {
    /// One game to describe, in any case: its players, options and the formats that carry it
    pub game: Option<String>,
    #[arg(long, help = JSON_HELP)]
    pub json: bool,
}

pub fn games(args: GamesArgs) -> CliResult {
    let formats = kifu_games::formats();
    if let Some(name) = &args.game {
        let game = crate::names::game(name)?;
        let carried: Vec<&str> = formats
            .iter()
            .filter(|f| f.games().contains(&game.name()))
            .map(|f| f.name())
            .collect();
        if args.json {
            print_json(&json!({"name": game.name(), "rules": game.version(),
                "players": [game.players().start(), game.players().end()], "about": game.describe(),
                "options": game.options(), "formats": carried}));
            return ok();
        }
        out!("{} (rules {}): {}", game.name(), game.version(), game.describe());
        out!("players: {}", players(game.players()));
        let options = game.options();
        out!(
            "options (new -O KEY=VALUE): {}",
            if options.is_empty() {
                "none".into()
            } else {
                options.join(", ")
            }
        );
        let all: Vec<&str> = ["kifu", "svg (export)"]
            .into_iter()
            .chain(carried.iter().copied())
            .collect();
        out!("formats: {}", all.join(", "));
        return ok();
    }
    let games = kifu_games::all();
    if args.json {
        print_json(&json!({
            "games": games.iter().map(|g| json!({"name": g.name(), "rules": g.version(),
                "players": [g.players().start(), g.players().end()], "about": g.describe()})).collect::<Vec<_>>(),
            "formats": formats.iter().map(|f| json!({"name": f.name(), "extensions": f.extensions(),
                "games": f.games(), "about": f.describe()})).collect::<Vec<_>>(),
        }));
        return ok();
    }
    out!("games:");
    for g in &games {
        out!(
            "  {:<16} rules {:<3} players {:<5} {}",
            g.name(),
            g.version(),
            players(g.players()),
            g.describe()
        );
    }
    out!("formats (besides kifu's own text format, 'kifu', and pictures, 'svg'):");
    for f in &formats {
        out!("  {:<16} .{:<10} {}", f.name(), f.extensions().join(" ."), f.describe());
    }
    ok()
}

/// `2`, or `2-6`.
fn players(range: std::ops::RangeInclusive<usize>) -> String {
    if range.start() == range.end() {
        range.start().to_string()
    } else {
        format!("{}-{}", range.start(), range.end())
    }
}
