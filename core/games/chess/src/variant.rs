//! The variants one engine plays, each a set of rule switches read by move generation,
//! legality and game end. Adding a variant means a new row here and, at most, a small hook.
//! It never holds position state.

use super::geometry::Geometry;
use super::piece::{Color, Role};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Variant {
    Standard,
    Chess960,
    Crazyhouse,
    Atomic,
    Antichess,
    Horde,
    KingOfTheHill,
    ThreeCheck,
    RacingKings,
    Extinction,
    LosAlamos,
    Dunsany,
    Cylinder,
    Grid,
    Glinski,
    Monochromatic,
    Patrol,
    Madrasi,
    Andernach,
    AntiAndernach,
    Circe,
    KnightRelay,
    Balbo,
    Alice,
    DoubleChess,
    Chad,
    Congo,
    Masonic,
    Plender,
    Chessence,
    Dynamo,
    Portal,
    Hostage,
    Stratomic,
    /// `cylinder` with the option `wrap=ranks`: not a registered game of its own.
    CylinderRanks,
}

/// Every variant, in registry order.
pub const VARIANTS: [Variant; 34] = [
    Variant::Standard,
    Variant::Chess960,
    Variant::Crazyhouse,
    Variant::Atomic,
    Variant::Antichess,
    Variant::Horde,
    Variant::KingOfTheHill,
    Variant::ThreeCheck,
    Variant::RacingKings,
    Variant::Extinction,
    Variant::LosAlamos,
    Variant::Dunsany,
    Variant::Cylinder,
    Variant::Grid,
    Variant::Glinski,
    Variant::Monochromatic,
    Variant::Patrol,
    Variant::Madrasi,
    Variant::Andernach,
    Variant::AntiAndernach,
    Variant::Circe,
    Variant::KnightRelay,
    Variant::Balbo,
    Variant::Alice,
    Variant::DoubleChess,
    Variant::Chad,
    Variant::Congo,
    Variant::Masonic,
    Variant::Plender,
    Variant::Chessence,
    Variant::Dynamo,
    Variant::Portal,
    Variant::Hostage,
    Variant::Stratomic,
];

/// Every variant's registry name, in registry order.
pub const NAMES: [&str; VARIANTS.len()] = {
    let mut names = [""; VARIANTS.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = VARIANTS[i].name();
        i += 1;
    }
    names
};

/// How a king's safety decides which moves are legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Safety {
    /// A move may not leave one's own king attacked.
    Royal,
    /// Royal, with explosions: a king may not be blown up, adjacent kings cannot check.
    Atomic,
    /// No king is royal (antichess, extinction).
    None,
    /// Royal, every move tried on a copy: the variant's move rule (see `fairy`) decides both
    /// which moves the pieces have and which of them give check.
    Tried,
    /// Royal, and no move may give check either (racing kings).
    NoChecks,
    /// Royal on two boards (Alice chess): see `fairy::alice`.
    Alice,
}

impl Variant {
    /// The registry name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "chess",
            Variant::Chess960 => "chess960",
            Variant::Crazyhouse => "crazyhouse",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::Horde => "horde",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::ThreeCheck => "threecheck",
            Variant::RacingKings => "racingkings",
            Variant::Extinction => "extinction",
            Variant::LosAlamos => "losalamos",
            Variant::Dunsany => "dunsany",
            Variant::Cylinder => "cylinder",
            Variant::Grid => "grid",
            Variant::Glinski => "glinski",
            Variant::Monochromatic => "monochromatic",
            Variant::Patrol => "patrol",
            Variant::Madrasi => "madrasi",
            Variant::Andernach => "andernach",
            Variant::AntiAndernach => "antiandernach",
            Variant::Circe => "circe",
            Variant::KnightRelay => "knightrelay",
            Variant::Balbo => "balbo",
            Variant::Alice => "alice",
            Variant::DoubleChess => "doublechess",
            Variant::Chad => "chad",
            Variant::Congo => "congo",
            Variant::Masonic => "masonic",
            Variant::Plender => "plender",
            Variant::Chessence => "chessence",
            Variant::Dynamo => "dynamo",
            Variant::Portal => "portal",
            Variant::Hostage => "hostage",
            Variant::Stratomic => "stratomic",
            Variant::CylinderRanks => "horizontalcylinder",
        }
    }
    /// A variant by registry name or a common alias (`standard`, `giveaway`, `3check`, ...).
    pub fn from_name(name: &str) -> Option<Variant> {
        let n = name.to_ascii_lowercase().replace(['-', '_', ' '], "");
        match n.as_str() {
            "chess" | "standard" | "normal" => Some(Variant::Standard),
            "chess960" | "960" | "fischerandom" | "fischerrandom" => Some(Variant::Chess960),
            "crazyhouse" | "zh" => Some(Variant::Crazyhouse),
            "atomic" => Some(Variant::Atomic),
            "antichess" | "giveaway" | "losing" | "losingchess" | "suicide" => Some(Variant::Antichess),
            "horde" => Some(Variant::Horde),
            "kingofthehill" | "koth" => Some(Variant::KingOfTheHill),
            "threecheck" | "3check" => Some(Variant::ThreeCheck),
            "racingkings" => Some(Variant::RacingKings),
            "balbo" | "balbosgame" | "balbochess" => Some(Variant::Balbo),
            _ => super::fairy::from_name(&n),
        }
    }
    pub fn describe(self) -> &'static str {
        match self {
            Variant::Standard => "Chess (FIDE rules): checkmate, stalemate, draw claims, fivefold and 75-move rules",
            Variant::Chess960 => "Chess960 (Fischer random): standard rules from a shuffled back rank, 960 castling",
            Variant::Crazyhouse => "Crazyhouse: captured pieces change sides and may be dropped back on the board",
            Variant::Atomic => "Atomic chess: captures explode the 3x3 around them; blow up the king to win",
            Variant::Antichess => "Antichess (losing chess): captures are compulsory; lose every piece to win",
            Variant::Horde => "Horde: 36 white pawns against a black army; black wins by capturing them all",
            Variant::KingOfTheHill => "King of the Hill: chess, and a king reaching d4, e4, d5 or e5 wins",
            Variant::ThreeCheck => "Three-check: chess, and the third check given wins",
            Variant::RacingKings => "Racing Kings: no checks allowed; the first king to the eighth rank wins",
            Variant::Balbo => "Balbo's game (1974): chess on a 70-cell diamond board, no castling, promotion by file",
            other => super::fairy::describe(other),
        }
    }
    pub fn geometry(self) -> &'static Geometry {
        match self {
            Variant::Balbo => super::boards::balbo(),
            _ => super::fairy::boards::geometry(self),
        }
    }
    /// The start position's FEN (Chess960 uses the standard array unless a set-up is given).
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::Antichess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            Variant::Crazyhouse | Variant::Hostage => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Variant::Horde => "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
            Variant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            Variant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            Variant::LosAlamos
            | Variant::Dunsany
            | Variant::Glinski
            | Variant::DoubleChess
            | Variant::Chad
            | Variant::Congo
            | Variant::Masonic
            | Variant::Chessence => super::fairy::boards::start_fen(self),
            Variant::Portal | Variant::Stratomic => super::fairy::boards::start_fen(self),
            Variant::Balbo => super::boards::BALBO_START,
            _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        }
    }
    pub fn safety(self) -> Safety {
        match self {
            Variant::Atomic => Safety::Atomic,
            Variant::Antichess | Variant::Extinction | Variant::Congo => Safety::None,
            Variant::Alice => Safety::Alice,
            v if super::fairy::tried(v) => Safety::Tried,
            Variant::RacingKings => Safety::NoChecks,
            _ => Safety::Royal,
        }
    }
    /// Pieces in pockets may be dropped: crazyhouse's captured pieces, Chessence's reserve men
    /// (which `fairy::chessence` enters and never refills), Hostage chess's airfields (which
    /// `fairy::hostage` fills from the prisons).
    pub fn drops(self) -> bool {
        matches!(self, Variant::Crazyhouse | Variant::Chessence | Variant::Hostage)
    }
    /// A capture removes every non-pawn piece next to the captured square.
    pub fn explodes(self) -> bool {
        self == Variant::Atomic
    }
    /// A move may change a piece after it lands (Andernach colours, Circe rebirth): see
    /// `fairy::after_move`.
    pub fn transforms(self) -> bool {
        matches!(
            self,
            Variant::Andernach
                | Variant::AntiAndernach
                | Variant::Circe
                | Variant::DoubleChess
                | Variant::Chad
                | Variant::Masonic
                | Variant::Plender
        )
    }
    /// Captures must be made when any is possible.
    pub fn forced_captures(self) -> bool {
        self == Variant::Antichess
    }
    /// Pawns may promote to a king.
    pub fn promote_to_king(self) -> bool {
        matches!(self, Variant::Antichess | Variant::Extinction)
    }
    /// What a pawn may promote to, in the order moves are generated.
    pub fn promotion_roles(self) -> &'static [Role] {
        match self {
            Variant::LosAlamos => &[Role::Queen, Role::Rook, Role::Knight],
            Variant::Stratomic => &super::fairy::stratomic::PROMOTIONS,
            v if v.promote_to_king() => &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::King],
            _ => &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
        }
    }
    /// Whether `color`'s pawns may step two from their home cells (not black's in Dunsany's
    /// chess; Los Alamos has no home cells at all).
    pub fn double_step(self, color: Color) -> bool {
        !(self == Variant::Dunsany && color == Color::Black)
    }
    /// Whether `color`'s pawns may stand on their own first rank (horde's white pawns,
    /// Dunsany's black ones, Dynamo's pawns pushed or pulled there).
    pub fn pawns_on_first_rank(self, color: Color) -> bool {
        matches!(
            (self, color),
            (Variant::Horde, Color::White) | (Variant::Dunsany, Color::Black) | (Variant::Dynamo, _)
        )
    }
    /// Pawns on their own first rank may step two (horde's white pawns).
    pub fn first_rank_double_step(self) -> bool {
        self == Variant::Horde
    }
    /// Castling is never possible.
    pub fn no_castling(self) -> bool {
        matches!(
            self,
            Variant::Antichess
                | Variant::RacingKings
                | Variant::LosAlamos
                | Variant::Glinski
                | Variant::Balbo
                | Variant::Chad
                | Variant::Congo
        )
    }
    /// How far the castling rank sits from the board's edge (Stratomic's armies stand on
    /// the second rank of ten).
    pub const fn castling_inset(self) -> u8 {
        match self {
            Variant::Stratomic => super::fairy::stratomic::CASTLING_INSET,
            _ => 0,
        }
    }
    /// Checks that win, when counted.
    pub fn checks_to_win(self) -> Option<u8> {
        (self == Variant::ThreeCheck).then_some(3)
    }
}
