//! The PGN `Variant` tag: the many spellings sites use, mapped to kifu game names, and the
//! lichess spelling for writing. Names only; it never looks at moves.

/// The kifu game a `Variant` tag value names, if it names one kifu knows. Case, spaces, dashes
/// and underscores are ignored (`King of the Hill`, `kingOfTheHill`, `three-check`).
pub fn variant_game(tag: &str) -> Option<&'static str> {
    let key: String = tag
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect();
    let game = match key.as_str() {
        "standard" | "chess" | "normal" | "standardchess" | "fromposition" => "chess",
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "frc" | "freestyle"
        | "freestylechess" => "chess960",
        "crazyhouse" | "zh" => "crazyhouse",
        "atomic" | "atomicchess" => "atomic",
        "antichess" | "losing" | "losingchess" | "giveaway" | "giveawaychess" | "suicide" | "suicidechess" => {
            "antichess"
        }
        "horde" | "hordechess" => "horde",
        "kingofthehill" | "koth" => "kingofthehill",
        "threecheck" | "3check" | "threecheckchess" => "threecheck",
        "racingkings" => "racingkings",
        "balbo" | "balbosgame" | "balbo'sgame" | "balbochess" => "balbo",
        other => return crate::variant::Variant::from_name(other).map(crate::variant::Variant::name),
    };
    Some(game)
}

/// The `Variant` tag value written for a kifu game: lichess's spelling where lichess has the
/// variant, else the variant's own name.
pub fn lichess_variant_name(game: &str) -> Option<&'static str> {
    let name = match game {
        "chess" => "Standard",
        "chess960" => "Chess960",
        "crazyhouse" => "Crazyhouse",
        "atomic" => "Atomic",
        "antichess" => "Antichess",
        "horde" => "Horde",
        "kingofthehill" => "King of the Hill",
        "threecheck" => "Three-check",
        "racingkings" => "Racing Kings",
        // Variants lichess lacks: their own name, which `variant_game` reads back.
        "balbo" => "Balbo",
        _ => return None,
    };
    Some(name)
}

/// The `Variant` tag value kifu writes for a game: lichess's spelling where lichess has the
/// variant, else the variant's usual name (read back by [`variant_game`]).
pub fn variant_tag(game: &str) -> Option<&'static str> {
    lichess_variant_name(game).or(match game {
        "extinction" => Some("Extinction"),
        "losalamos" => Some("Los Alamos"),
        "dunsany" => Some("Dunsany"),
        "cylinder" => Some("Cylinder"),
        "horizontalcylinder" => Some("Horizontal cylinder"),
        "doublechess" => Some("Double chess"),
        "chad" => Some("Chad"),
        "masonic" => Some("Masonic"),
        "plender" => Some("Plender"),
        "chessence" => Some("Chessence"),
        "dynamo" => Some("Dynamo"),
        "portal" => Some("Portal"),
        "hostage" => Some("Hostage"),
        "stratomic" => Some("Stratomic"),
        "grid" => Some("Grid"),
        "glinski" => Some("Glinski"),
        "monochromatic" => Some("Monochromatic"),
        "patrol" => Some("Patrol"),
        "madrasi" => Some("Madrasi"),
        "andernach" => Some("Andernach"),
        "antiandernach" => Some("Anti-Andernach"),
        "circe" => Some("Circe"),
        "knightrelay" => Some("Knight Relay"),
        "alice" => Some("Alice"),
        "congo" => Some("Congo"),
        _ => None,
    })
}
