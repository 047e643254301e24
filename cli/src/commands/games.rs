//! `kifu games`: the games and notation formats this kifu knows.

use clap::Args;
use serde_json::json;

use super::{ok, print_json};
use crate::exit::CliResult;

/// List the games (name, rules version, players) and the notation formats.
#[derive(Args)]
pub struct GamesArgs {
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn games(args: GamesArgs) -> CliResult {
    let games = kifu_games::all();
    let formats = kifu_games::formats();
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
        let players = format!("{}-{}", g.players().start(), g.players().end());
        out!(
            "  {:<16} rules {:<3} players {:<5} {}",
            g.name(),
            g.version(),
            players,
            g.describe()
        );
    }
    out!("formats (besides kifu's own text format, 'kifu'):");
    for f in &formats {
        out!("  {:<16} .{:<10} {}", f.name(), f.extensions().join(" ."), f.describe());
    }
    ok()
}
