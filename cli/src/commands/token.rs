//! `kifu token`: a new bearer token for one seat or the arbiter of a stored record, for writing
//! to it through `kifu serve` (records made by `kifu new` or an import have none). It replaces
//! the one that actor had; the token is printed once and never kept.

use clap::Args;
use kifu_core::record::Actor;
use serde_json::json;

use super::{ok, print_json};
use crate::exit::{CliError, CliResult};
use crate::store_path::Lazy;

/// Issue a new service token for a seat or the arbiter of a record
///
/// The token this seat (or the arbiter) had stops working. Printed once: the store keeps only
/// its hash. Run it while no `kifu serve` holds the store.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu token 6d1f --as p1                    # give it to p1's recorder: /r/ID#token=...
  kifu token 6d1f --as arbiter --json")]
pub struct TokenArgs {
    #[arg(help = super::ID_HELP)]
    pub id: String,
    /// Whose token, in any case: arbiter, p1, p2, ...
    #[arg(long = "as", value_name = "WHO")]
    pub who: String,
    #[arg(long, help = super::JSON_HELP)]
    pub json: bool,
}

pub fn token(store: &Lazy, args: TokenArgs) -> CliResult {
    let actor = match Actor::parse(&args.who.trim().to_lowercase()) {
        Some(actor @ (Actor::Seat(_) | Actor::Arbiter)) => actor,
        _ => {
            return Err(CliError::input(format!(
                "--as {}: a token stands for a seat (p1, p2, ...) or the arbiter",
                args.who
            )))
        }
    };
    let store = store.get()?;
    let id = crate::input::resolve(store, &args.id)?;
    let token = store.issue_token(&id, actor).map_err(|e| match e {
        kifu_records::TokenError::Read(e) => CliError::from(e),
        kifu_records::TokenError::Store(e) => CliError::from(e),
        other => CliError::input(other),
    })?;
    if args.json {
        print_json(&json!({"id": id, "as": actor.to_string(), "token": token.to_string()}));
    } else {
        out!("{token}");
    }
    ok()
}
