//! Names the user types for things kifu knows: games, formats and views are read in any case,
//! and a name that matches nothing is answered with the closest one kifu knows. Nothing here
//! guesses silently: a near miss is only ever suggested, never taken.

use kifu_core::format::Format;
use kifu_core::game::Game;

use crate::exit::CliError;

/// A game by name, in any case; an unknown name is refused with the closest game named.
pub fn game(name: &str) -> Result<&'static dyn Game, CliError> {
    let games = kifu_games::all();
    let wanted = name.trim().to_lowercase();
    if let Some(game) = games.iter().find(|g| g.name() == wanted) {
        return Ok(*game);
    }
    let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
    Err(CliError::input(format!(
        "no game '{name}'{} (see 'kifu games')",
        did_you_mean(&wanted, &names)
    )))
}

/// A notation format by name, in any case; `kifu` (the record's own text) is not one.
pub fn format(name: &str) -> Result<&'static dyn Format, CliError> {
    let formats = kifu_games::formats();
    let wanted = name.trim().to_lowercase();
    if let Some(format) = formats.iter().find(|f| f.name() == wanted) {
        return Ok(*format);
    }
    if wanted == "svg" {
        return Err(CliError::input(
            "svg is a picture of a position: export writes it, nothing reads it back",
        ));
    }
    let mut names: Vec<&str> = vec!["kifu", "svg"];
    names.extend(formats.iter().map(|f| f.name()));
    Err(CliError::input(format!(
        "no format '{name}'{} (known: {})",
        did_you_mean(&wanted, &names),
        names.join(", ")
    )))
}

/// `; did you mean 'x'?` when one known name is close to `typed` (a few letters off, or one
/// starts with the other), else nothing.
pub fn did_you_mean(typed: &str, known: &[&str]) -> String {
    closest(typed, known)
        .map(|name| format!("; did you mean '{name}'?"))
        .unwrap_or_default()
}

/// The known name nearest to `typed`, if it is near enough to be what was meant: at most a
/// third of its letters off (two at least), the first of equals in `known`'s order.
pub fn closest<'a>(typed: &str, known: &[&'a str]) -> Option<&'a str> {
    let typed = typed.to_lowercase();
    if typed.is_empty() {
        return None;
    }
    if let Some(name) = known
        .iter()
        .find(|k| k.starts_with(typed.as_str()) || typed.starts_with(*k))
    {
        return Some(name);
    }
    let limit = (typed.chars().count() / 3).max(2);
    known
        .iter()
        .map(|k| (edits(&typed, k), *k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Levenshtein distance over characters.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_insertions_deletions_and_changes() {
        assert_eq!(edits("senet", "senet"), 0);
        assert_eq!(edits("sennet", "senet"), 1);
        assert_eq!(edits("kitten", "sitting"), 3);
        assert_eq!(edits("", "abc"), 3);
        assert_eq!(edits("렌주", "렌쥬"), 1);
    }

    #[test]
    fn a_near_miss_is_suggested_and_a_far_one_is_not() {
        let games = ["chess", "chess960", "senet", "renju", "gomoku"];
        assert_eq!(closest("sennet", &games), Some("senet"));
        assert_eq!(closest("Renjoo", &games), Some("renju"));
        assert_eq!(closest("ches", &games), Some("chess"));
        assert_eq!(closest("backgammon", &games), None);
        assert_eq!(did_you_mean("sennet", &games), "; did you mean 'senet'?");
        assert_eq!(did_you_mean("xyzzy", &games), "");
    }

    #[test]
    fn games_and_formats_are_found_in_any_case() {
        assert_eq!(game("Senet").map(|g| g.name()).ok(), Some("senet"));
        assert_eq!(game("CHESS960").map(|g| g.name()).ok(), Some("chess960"));
        assert_eq!(format("PGN").map(|f| f.name()).ok(), Some("pgn"));
        let error = game("sennet").err().map(|e| e.message).unwrap_or_default();
        assert_eq!(error, "no game 'sennet'; did you mean 'senet'? (see 'kifu games')");
    }
}
