//! Who made an entry: a seat (`p1`, `p2`, ... in text, 0-based inside), chance, or the arbiter.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Actor {
    /// A player's seat, 0-based (`p1` is seat 0).
    Seat(u8),
    /// A random outcome: a throw, a roll, a shuffle, a deal.
    Chance,
    /// Decisions of the arbiter or recorder (corrections, rulings) where the game allows them.
    Arbiter,
    /// An annotation (a comment, a NAG, a variation): kept in the chain, never seen by the rules.
    Note,
}

impl Actor {
    /// Reads `p1`..`p255`, `chance`, `arbiter` or `note`.
    pub fn parse(text: &str) -> Option<Actor> {
        match text {
            "chance" => Some(Actor::Chance),
            "arbiter" => Some(Actor::Arbiter),
            "note" => Some(Actor::Note),
            _ => {
                let digits = text.strip_prefix('p')?;
                if digits.starts_with('0') || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let n: u16 = digits.parse().ok()?;
                if (1..=255).contains(&n) {
                    Some(Actor::Seat((n - 1) as u8))
                } else {
                    None
                }
            }
        }
    }
}

impl Actor {
    /// Appends the actor's text (as `Display` writes it) to `out`, without formatting.
    pub fn write_to(self, out: &mut String) {
        match self {
            Actor::Seat(seat) => {
                out.push('p');
                super::entry::push_decimal(out, u64::from(seat) + 1);
            }
            Actor::Chance => out.push_str("chance"),
            Actor::Arbiter => out.push_str("arbiter"),
            Actor::Note => out.push_str("note"),
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Seat(seat) => write!(f, "p{}", *seat as u16 + 1),
            Actor::Chance => f.write_str("chance"),
            Actor::Arbiter => f.write_str("arbiter"),
            Actor::Note => f.write_str("note"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Actor;

    #[test]
    fn parse_and_print() {
        for text in ["p1", "p12", "chance", "arbiter", "note", "p255"] {
            assert_eq!(Actor::parse(text).map(|a| a.to_string()).as_deref(), Some(text));
        }
        for bad in ["p0", "p01", "p256", "P1", "p", "x", ""] {
            assert_eq!(Actor::parse(bad), None, "{bad}");
        }
    }
}
