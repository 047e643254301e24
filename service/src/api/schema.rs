//! Shapes shared by several answers, and the documentation of the kernel's own JSON (whose
//! turn it is) for the OpenAPI document. Types here only describe; they decide nothing.

use kifu_core::record::Entry;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Whose turn it is, as the kernel writes it: `{"kind": "seat", "seat": 0}`, `{"kind":
/// "simultaneous", "seats": [0, 2]}`, `{"kind": "chance"}` or `{"kind": "over", "outcome":
/// {...}}`. Seats are 0-based here (seat 0 is p1).
#[derive(ToSchema)]
#[schema(as = Turn)]
#[allow(dead_code)]
pub struct TurnDoc {
    kind: TurnKind,
    seat: Option<u8>,
    seats: Option<Vec<u8>>,
    outcome: Option<OutcomeDoc>,
}

#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
enum TurnKind {
    Seat,
    Simultaneous,
    Chance,
    Over,
}

/// How a game ended: the winning seats (0-based; none for a draw) and why.
#[derive(ToSchema)]
#[schema(as = Outcome)]
#[allow(dead_code)]
struct OutcomeDoc {
    winners: Vec<u8>,
    reason: String,
}

/// One entry as the bearer's view shows it (another seat's hidden cards redacted).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = Entry)]
pub struct EntryOut {
    pub seq: u64,
    /// `p1`, `p2`, ..., `chance`, `arbiter` or `note`.
    pub actor: String,
    /// The command's canonical text, as this view may see it.
    pub command: String,
    /// When it was entered (RFC 3339), if stamped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The correction that withdrew it, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn_by: Option<u64>,
    /// The game's mark on it, if any (chess: an illegal move that stood).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remark: Option<String>,
    /// The entry's state hash (16 hex digits), as its canonical line has it; only to a view
    /// that sees every command of the record whole, since a hash of a state holding hidden
    /// cards could be matched against guesses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
}

impl EntryOut {
    /// `open`: the view sees every command whole, so the state hash tells it nothing hidden.
    pub fn from(entry: &Entry, withdrawn_by: Option<u64>, remark: Option<String>, open: bool) -> EntryOut {
        EntryOut {
            seq: entry.seq,
            actor: entry.actor.to_string(),
            command: entry.command.clone(),
            time: entry.time.clone(),
            withdrawn_by,
            remark,
            state: entry.state.filter(|_| open).map(|s| kifu_core::record::hex::encode(&s)),
        }
    }
}

/// The game's mark on an entry in force (chess: an illegal move that stood), as `kifu show`
/// lists it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RemarkOut {
    pub seq: u64,
    pub text: String,
}
