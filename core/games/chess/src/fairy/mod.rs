//! The fairy rules of the variants registered beside the lichess ones: the one mechanism each
//! needs, shared: a move rule (`allows`, which moves the pieces have; the same rule decides
//! which of them give check), extra moves (relayed knight moves; double chess's long pawn
//! steps, far en passant and castling), a change after a move lands (Andernach colours, Circe
//! rebirth, double chess's castling rook), check with several royal kings, and each variant's
//! own game end. A file per rule; none of
//! them keeps state or touches the standard chess fast path.

pub mod alice;
pub mod andernach;
pub mod boards;
pub mod chad;
pub mod chessence;
pub mod circe;
pub mod congo;
pub mod doublechess;
pub mod dynamo;
pub mod extinction;
pub mod grid;
pub mod horizontal_cylinder;
pub mod hostage;
pub mod knightrelay;
pub mod madrasi;
pub mod masonic;
pub mod monochromatic;
pub mod patrol;
pub mod plender;
pub mod portal;
pub mod stratomic;

use super::movegen::gen_pseudo;
use super::piece::{Color, Piece, Role};
use super::position::{Move, MoveKind, Position};
use super::variant::Variant;
use kifu_core::rules::Outcome;

/// A fairy variant by its name as [`Variant::from_name`] normalizes it (lower case, no
/// separators).
pub fn from_name(n: &str) -> Option<Variant> {
    let v = match n {
        "extinction" | "extinctionchess" => Variant::Extinction,
        "losalamos" | "losalamoschess" => Variant::LosAlamos,
        "dunsany" | "dunsanys" | "dunsanyschess" | "dunsanychess" => Variant::Dunsany,
        "cylinder" | "cylinderchess" | "cylindrical" => Variant::Cylinder,
        "grid" | "gridchess" => Variant::Grid,
        "glinski" | "glinskis" | "glinskishexagonalchess" | "hexagonal" | "hexchess" => Variant::Glinski,
        "monochromatic" | "monochrome" | "monochromaticchess" => Variant::Monochromatic,
        "patrol" | "patrolchess" => Variant::Patrol,
        "madrasi" | "madrasichess" => Variant::Madrasi,
        "andernach" | "andernachchess" => Variant::Andernach,
        "antiandernach" | "antiandernachchess" => Variant::AntiAndernach,
        "circe" | "circechess" => Variant::Circe,
        "knightrelay" | "nrelay" | "knightrelaychess" => Variant::KnightRelay,
        "alice" | "alicechess" => Variant::Alice,
        "doublechess" | "double" | "haywardsdoublechess" => Variant::DoubleChess,
        "chad" | "chadchess" => Variant::Chad,
        "masonic" | "masonicchess" => Variant::Masonic,
        "horizontalcylinder" | "cylinderranks" | "horizontalcylinderchess" => Variant::CylinderRanks,
        "congo" | "congochess" => Variant::Congo,
        "plender" | "plenderchess" | "plunder" | "plunderchess" => Variant::Plender,
        "chessence" => Variant::Chessence,
        "dynamo" | "dynamochess" => Variant::Dynamo,
        "portal" | "portalchess" | "porthole" | "portholechess" => Variant::Portal,
        "hostage" | "hostagechess" => Variant::Hostage,
        "stratomic" | "stratomicchess" => Variant::Stratomic,
        _ => return None,
    };
    Some(v)
}

/// One line on what the variant is, for `kifu games`.
pub fn describe(v: Variant) -> &'static str {
    match v {
        Variant::Extinction => {
            "Extinction chess: lose every piece of one kind (king included) and you lose; kings are not royal"
        }
        Variant::LosAlamos => "Los Alamos chess: 6x6, no bishops, no double step, castling or en passant",
        Variant::Dunsany => "Dunsany's chess: 32 black pawns, moving first, against the white army",
        Variant::Cylinder => "Cylinder chess: the a- and h-files are neighbours",
        Variant::Grid => "Grid chess: every move must cross a line of the 2x2 grid",
        Variant::Glinski => "Glinski's hexagonal chess: 91 hexagons, three bishops a side",
        Variant::Monochromatic => "Monochromatic chess: every piece stays on squares of its starting colour",
        Variant::Patrol => "Patrol chess: a piece captures or checks only when guarded by a friend",
        Variant::Madrasi => "Madrasi chess: a piece attacked by an enemy of its kind is paralysed",
        Variant::Andernach => "Andernach chess: a capturing piece (not a king) changes colour",
        Variant::AntiAndernach => "Anti-Andernach chess: a piece (not a king) that does not capture changes colour",
        Variant::Circe => "Circe chess: a captured piece is reborn on its starting square if empty",
        Variant::KnightRelay => {
            "Knight-relay chess: knights lend their move to friends they guard; knights neither take nor are taken"
        }
        Variant::Alice => "Alice chess: two boards; every moved piece passes through to the other board",
        Variant::DoubleChess => {
            "Double chess (Hayward, 1916): 16x12, two armies and two kings a side; mate either king"
        }
        Variant::Chad => {
            "Chad (Freeling, 1979): 12x12, a king and eight rooks in a castle; rooks crown in the enemy castle"
        }
        Variant::Masonic => "Masonic chess (Dekle, 1983): the brick board, six rook lines, four side diagonals",
        Variant::CylinderRanks => {
            "Horizontal cylinder chess (cylinder wrap=ranks): the first and last ranks are neighbours"
        }
        Variant::Congo => "Congo (Demian Freeling, 1982): 7x7 with a river; capture the lion to win",
        Variant::Plender => "Plender (PlunderChess): a capturer borrows the captured piece's move, to use once",
        Variant::Chessence => {
            "Chessence (Winslow, 1989): 6x9 with holes; a man moves as rook, bishop or knight by its friendly neighbours; kings never move"
        }
        Variant::Dynamo => {
            "Dynamo chess (Kluever and Kahl, 1968): no captures; pieces push and pull others off the board"
        }
        Variant::Portal => {
            "Portal chess (Mike Hidden's porthole chess): a piece entering a porthole leaves by another; the porthole moves to where it came from"
        }
        Variant::Hostage => {
            "Hostage chess (John Leslie, 1997): captured men are held hostage; exchange one for a man of yours and drop it"
        }
        Variant::Stratomic => {
            "Stratomic (Montay-Marsais, 1972): 10x10 with two nuclear missiles a side, launched to blow away a 3x3 square"
        }
        _ => "",
    }
}

/// The variants whose legality is found by trying every move (`Safety::Tried`).
pub fn tried(v: Variant) -> bool {
    move_rule(v)
        || matches!(
            v,
            Variant::Andernach
                | Variant::AntiAndernach
                | Variant::Circe
                | Variant::DoubleChess
                | Variant::Chad
                | Variant::Masonic
                | Variant::Plender
                | Variant::Chessence
                | Variant::Dynamo
                | Variant::Portal
                | Variant::Hostage
                | Variant::Stratomic
        )
}

/// The variants whose move rule restricts captures, and so checks.
fn move_rule(v: Variant) -> bool {
    matches!(
        v,
        Variant::Grid | Variant::Monochromatic | Variant::Patrol | Variant::Madrasi | Variant::KnightRelay
    )
}

/// Whether the variant's move rule lets the pieces make `m` (a move their patterns allow).
pub fn allows(pos: &Position, m: &Move) -> bool {
    match pos.variant {
        Variant::Grid => grid::allows(pos, m),
        Variant::Monochromatic => monochromatic::allows(pos, m),
        Variant::Patrol => patrol::allows(pos, m),
        Variant::Madrasi => madrasi::allows(pos, m),
        Variant::KnightRelay => knightrelay::allows(pos, m),
        Variant::Chad => chad::allows(pos, m),
        _ => true,
    }
}

/// Moves the pieces' own patterns do not give (knight-relay's lent knight moves).
pub fn extra_moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    match pos.variant {
        Variant::KnightRelay => knightrelay::relayed_moves(pos, emit),
        Variant::DoubleChess => doublechess::extra_moves(pos, emit),
        Variant::Chad => chad::extra_moves(pos, emit),
        Variant::Masonic => masonic::extra_moves(pos, emit),
        Variant::Plender => plender::borrowed_moves(pos, emit),
        _ => {}
    }
}

/// After a move has landed (not castling): `taken` is the code of the piece it took, 0 for
/// none, from `taken_sq`.
pub fn after_move(pos: &mut Position, m: &Move, taken: u8, taken_sq: u8) {
    match pos.variant {
        Variant::Andernach | Variant::AntiAndernach => andernach::after_move(pos, m, taken),
        Variant::Circe => circe::after_move(pos, taken, taken_sq),
        Variant::DoubleChess => doublechess::after_move(pos, m),
        Variant::Chad => chad::after_move(pos, m),
        Variant::Masonic => masonic::after_move(pos, m),
        Variant::Plender => plender::after_move(pos, m, taken, taken_sq),
        _ => {}
    }
}

/// Whether `color` is in check by the variant's rule (`king` its first king): in double
/// chess whenever either king is attacked.
pub fn in_check(pos: &Position, color: Color, king: u8) -> bool {
    match pos.variant {
        Variant::DoubleChess => doublechess::any_king_attacked(pos, color),
        _ => attacked(pos, king, color.other()),
    }
}

/// The square of the pawn of `mover` that passed over the en passant square `sq`: the next
/// cell, or in double chess (steps of up to four) the first piece ahead over empty cells.
pub fn passed_pawn(pos: &Position, mover: Color, sq: u8) -> Option<u8> {
    match pos.variant {
        Variant::DoubleChess => doublechess::passed_pawn(pos, mover, sq),
        Variant::Masonic => masonic::passed_pawn(pos, mover, sq),
        _ => pos.geo.forward(mover, sq),
    }
}

/// Whether `by` attacks `sq` (which holds a piece of the other side) by the variant's move
/// rule: some move of `by`'s pieces that the rule allows would take it.
pub fn attacked(pos: &Position, sq: u8, by: Color) -> bool {
    if pos.variant == Variant::Masonic {
        return pos.attacked(sq, by) || masonic::bishop_step_attacks(pos, sq, by);
    }
    if pos.variant == Variant::Plender {
        return pos.attacked(sq, by) || plender::borrowed_attack(pos, sq, by);
    }
    if pos.variant == Variant::Chessence {
        return chessence::attacked(pos, sq, by);
    }
    if pos.variant == Variant::Dynamo {
        return dynamo::removable(pos, sq, by);
    }
    if pos.variant == Variant::Portal {
        return portal::attacked(pos, sq, by);
    }
    if pos.variant == Variant::Hostage {
        return hostage::attacked(pos, sq, by);
    }
    if pos.variant == Variant::Stratomic {
        return stratomic::attacked(pos, sq, by);
    }
    if !move_rule(pos.variant) {
        return pos.attacked(sq, by);
    }
    let mut probe = pos.clone();
    probe.turn = by;
    probe.castles = [[None; 2]; 2];
    let mut moves = Vec::with_capacity(64);
    gen_pseudo(&probe, &mut moves);
    moves
        .iter()
        .any(|m| m.to == sq && m.kind != MoveKind::Castle && allows(&probe, m))
}

/// Castling by the variant's rule: the king is not in check and no square it crosses or
/// lands on is attacked (each tested with the king standing there).
pub fn castle_path_safe(pos: &Position, king: u8, target: u8) -> bool {
    let us = pos.turn;
    let them = us.other();
    if attacked(pos, king, them) {
        return false;
    }
    let geo = pos.geo;
    let (kf, tf) = (geo.file(king), geo.file(target));
    let rank_start = geo.rank(king) * geo.width;
    let files = if kf <= tf { (kf + 1)..(tf + 1) } else { tf..kf };
    files.into_iter().all(|f| {
        let sq = rank_start + f;
        let mut probe = pos.clone();
        probe.put(king, 0);
        probe.put(sq, Piece::new(us, Role::King).code());
        probe.kings[us.index()] = Some(sq);
        !attacked(&probe, sq, them)
    })
}

/// The variant's own game end, if reached.
pub fn variant_result(pos: &Position) -> Option<Outcome> {
    match pos.variant {
        Variant::Extinction => extinction::result(pos),
        Variant::Congo => congo::result(pos),
        Variant::Chessence => chessence::result(pos),
        _ => None,
    }
}

/// Dead positions for the fairy variants: only bare kings (any lone king against a lone
/// king), since their move rules change which mates are possible.
pub fn bare_kings(pos: &Position) -> bool {
    [Color::White, Color::Black]
        .iter()
        .all(|&c| pos.pieces(c).all(|(_, r)| r == Role::King))
}

/// Why a position read from text cannot stand in the variant, beyond what every variant
/// checks (Chad: only kings, rooks and queens, each king in its castle).
pub fn refusal(pos: &Position) -> Option<String> {
    match pos.variant {
        Variant::Chad => chad::refusal(pos),
        Variant::Plender => plender::refusal(pos),
        Variant::Chessence => chessence::refusal(pos),
        Variant::Dynamo => dynamo::refusal(pos),
        Variant::Hostage => hostage::refusal(pos),
        _ => None,
    }
}
