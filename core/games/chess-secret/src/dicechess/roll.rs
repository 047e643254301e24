//! A dice chess roll: its faces in canonical order, the text a chance entry holds, and which
//! moves it allows. It never draws a number itself: the kernel's seeded stream or the
//! recorder's observed throw gives it.

use kifu_chess::piece::Role;
use kifu_chess::MoveKind;
use serde::{Deserialize, Serialize};

use super::face_role;

/// The faces of one roll, in ascending order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll(Vec<u8>);

impl Roll {
    pub fn new(mut faces: Vec<u8>) -> Roll {
        faces.sort_unstable();
        Roll(faces)
    }

    /// Reads `3 5` (also `5 3`, `3-5`, `3,5`, `35`): as many faces, 1 to 6, as the game has dice.
    pub fn read(text: &str, dice: u8) -> Result<Roll, String> {
        let faces: Vec<u8> = text
            .chars()
            .filter(|c| !matches!(c, ' ' | ',' | '-'))
            .map(|c| c.to_digit(10).map(|d| d as u8).filter(|d| (1..=6).contains(d)))
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| format!("'{text}' is not a roll: faces are 1 to 6"))?;
        if faces.len() != dice as usize {
            return Err(format!(
                "'{text}': a roll here is {dice} die face(s), not {}",
                faces.len()
            ));
        }
        Ok(Roll::new(faces))
    }

    pub fn text(&self) -> String {
        self.0.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
    }

    /// Every roll, in canonical form, each once.
    pub fn all(dice: u8) -> Vec<Roll> {
        if dice == 1 {
            return (1..=6).map(|f| Roll(vec![f])).collect();
        }
        (1..=6).flat_map(|a| (a..=6).map(move |b| Roll(vec![a, b]))).collect()
    }

    fn doubles(&self) -> bool {
        self.0.len() == 2 && self.0[0] == self.0[1]
    }

    /// Whether a move of a `role` made as `kind` is allowed: a piece type shown; doubles allow
    /// any move; castling on a four or a six; en passant on a one.
    pub fn allows(&self, role: Role, kind: MoveKind) -> bool {
        if self.doubles() {
            return true;
        }
        match kind {
            MoveKind::Castle => self.0.iter().any(|f| matches!(f, 4 | 6)),
            _ => self.0.iter().any(|&f| face_role(f) == Some(role)),
        }
    }

    pub fn describe(&self) -> String {
        if self.doubles() {
            return "doubles: any move".into();
        }
        let names: Vec<&str> = self.0.iter().filter_map(|&f| face_role(f)).map(Role::name).collect();
        format!("a move of a {}", names.join(" or a "))
    }
}
