//! Hand-built Knightmare games: each kind of effect in the notation, the published turn and
//! card rules and the official rulings on check, each firing and each refusal with its reason,
//! driven through the kernel's replay as a recorder would.

use kifu_core::record::{text, Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, verify_text, Replay};
use kifu_core::{Turn, View};

use crate::registry;

pub(super) const WHITE: Actor = Actor::Seat(0);
const BLACK: Actor = Actor::Seat(1);

fn header(start: Option<&str>) -> Header {
    crate::testing::header("knightmare", start, ChanceMode::Observed)
}

pub(super) struct Game {
    pub(super) replay: Replay,
    pub(super) record: Record,
}

impl Game {
    pub(super) fn new(start: Option<&str>) -> Game {
        let header = header(start);
        Game {
            replay: Replay::start(registry(), &header).unwrap(),
            record: Record::new(header),
        }
    }
    pub(super) fn try_play(&mut self, actor: Actor, text: &str) -> Result<String, String> {
        let entry = self.replay.play(Some(actor), text, None).map_err(|f| f.reason)?;
        let command = entry.command.clone();
        self.record.entries.push(entry);
        Ok(command)
    }
    pub(super) fn play(&mut self, actor: Actor, text: &str) -> String {
        self.try_play(actor, text).unwrap_or_else(|why| panic!("{text}: {why}"))
    }
    /// Regular moves, White first, each by the side whose move it is.
    fn moves(&mut self, moves: &str) {
        for m in moves.split_whitespace() {
            let actor = if self.json()["fen"].as_str().unwrap().split(' ').nth(1) == Some("w") {
                WHITE
            } else {
                BLACK
            };
            self.play(actor, m);
        }
    }
    fn refused(&mut self, actor: Actor, text: &str) -> String {
        let head = self.replay.head();
        let reason = self.replay.play(Some(actor), text, None).unwrap_err().reason;
        assert_eq!(self.replay.head(), head, "a refusal changes nothing");
        reason
    }
    pub(super) fn json(&self) -> serde_json::Value {
        self.replay.current().state_json(View::Full)
    }
    pub(super) fn fen(&self) -> String {
        self.json()["fen"].as_str().unwrap().to_string()
    }
    fn board(&self) -> String {
        self.fen().split(' ').next().unwrap().to_string()
    }
    fn legal_for(&self, actor: Actor) -> Vec<String> {
        let mut moves: Vec<String> = self
            .replay
            .current()
            .legal_actions()
            .unwrap()
            .into_iter()
            .filter(|(a, _)| *a == actor)
            .map(|(_, m)| m)
            .collect();
        moves.sort();
        moves
    }
    pub(super) fn outcome(&self) -> Option<String> {
        crate::testing::over(&self.replay).map(|o| o.to_string())
    }
}

#[test]
fn at_the_start_white_moves_and_either_side_may_play_a_card() {
    let game = Game::new(None);
    assert_eq!(game.replay.turn(), Turn::Simultaneous { seats: vec![0, 1] });
    let mut expected: Vec<String> = "a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Na3 Nc3 Nf3 Nh3"
        .split(' ')
        .map(String::from)
        .collect();
    expected.sort();
    assert_eq!(game.legal_for(WHITE), expected);
    assert!(game.legal_for(BLACK).is_empty(), "Black has no regular move yet");
    assert_eq!(game.json()["position"], format!("{} -", super::STANDARD_FEN));
}

#[test]
fn the_other_side_may_not_move_before_the_mover() {
    let mut game = Game::new(None);
    let why = game.refused(BLACK, "e5");
    assert!(
        why.contains("it is White's turn: Black may only play a card now"),
        "{why}"
    );
    game.play(WHITE, "e4");
    let why = game.refused(WHITE, "d4");
    assert!(why.contains("White has made its regular move of this turn"), "{why}");
    assert_eq!(game.legal_for(BLACK).len(), 20);
}

#[test]
fn an_extra_move_after_the_regular_one() {
    let mut game = Game::new(None);
    game.play(WHITE, "e4");
    let card = game.play(WHITE, "card  Extra   Move :Ng1-f3 as N");
    assert_eq!(card, "card Extra Move: Ng1-f3 as N", "the canonical text");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1"
    );
    // White's card of this turn is spent: another one is its card in Black's turn, which it
    // opens, before Black's move.
    game.play(WHITE, "card Another: Nb1-c3");
    assert_eq!(game.json()["turn_of"], "black");
    assert_eq!(game.json()["regular_move_made"], false);
    let why = game.refused(WHITE, "card Third: Pa2-a3");
    assert!(why.contains("p1 may not act now"), "{why}");
}

#[test]
fn a_move_as_another_kind_follows_that_kinds_path() {
    let mut game = Game::new(None);
    let why = game.refused(WHITE, "card Rook Run: Nb1-b5 as R");
    assert!(why.contains("a rook on b1 cannot go to b5 here"), "{why}");
    let why = game.refused(WHITE, "card Leap: Qd1-d3 as N");
    assert!(why.contains("a knight on d1 cannot go to d3"), "{why}");
    game.play(WHITE, "card Leap: Qd1-c3 as N");
    assert_eq!(game.board(), "rnbqkbnr/pppppppp/8/8/8/2Q5/PPPPPPPP/RNB1KBNR");
    // The card came before the regular move: White still makes it.
    game.play(WHITE, "e4");
    assert_eq!(game.board(), "rnbqkbnr/pppppppp/8/8/4P3/2Q5/PPPP1PPP/RNB1KBNR");
}

#[test]
fn the_piece_named_must_stand_where_the_effect_says() {
    let mut game = Game::new(None);
    let why = game.refused(WHITE, "card Teleport: Nb2-c3");
    assert!(why.contains("b2 holds a white pawn, not a white knight"), "{why}");
    let why = game.refused(WHITE, "card Teleport: Nc3-d5");
    assert!(why.contains("c3 is empty, no white knight stands there"), "{why}");
    let why = game.refused(WHITE, "card Teleport: Nb1-d2");
    assert!(why.contains("d2 is not empty"), "{why}");
    let why = game.refused(WHITE, "card Teleport: Nb1xe4");
    assert!(why.contains("e4 is empty: nothing to take"), "{why}");
    let why = game.refused(WHITE, "card Teleport: Nb1xd2");
    assert!(why.contains("same side"), "{why}");
    let why = game.refused(WHITE, "card Teleport: Nb1-j9");
    assert!(why.contains("'j9' is not a square"), "{why}");
}

#[test]
fn one_card_a_player_a_turn_and_the_opponent_may_play_in_the_movers_turn() {
    let mut game = Game::new(None);
    game.play(WHITE, "card First: Pa2-a3");
    let why = game.refused(WHITE, "card Second: Pb2-b3");
    assert!(
        why.contains("not act now") || why.contains("one card a player a turn"),
        "{why}"
    );
    // Black plays its card in White's turn, before White's move.
    game.play(BLACK, "card Reply: ph7-h6");
    assert_eq!(
        game.replay.turn(),
        Turn::Seat { seat: 0 },
        "both cards of this turn spent"
    );
    game.play(WHITE, "e4");
    // Black's next card can only be in Black's own turn, which it opens.
    game.play(BLACK, "card Again: pg7-g6");
    assert_eq!(game.json()["turn_of"], "black");
    let why = game.refused(BLACK, "card Third: pf7-f6");
    assert!(
        why.contains("one card a player a turn") || why.contains("not act now"),
        "{why}"
    );
    game.play(BLACK, "e5");
    assert_eq!(game.board(), "rnbqkbnr/pppp1p2/6pp/4p3/4P3/P7/1PPP1PPP/RNBQKBNR");
}

#[test]
fn a_card_after_the_move_by_the_opponent_still_counts_in_the_movers_turn() {
    let mut game = Game::new(None);
    game.play(WHITE, "e4");
    // After White's move, Black's card is read as one in White's turn (its slot there was
    // free), so White may still answer with its own card of this turn.
    game.play(BLACK, "card Push: pa7-a6");
    assert_eq!(game.json()["turn_of"], "white");
    game.play(WHITE, "card Answer: Ph2-h3");
    game.play(BLACK, "card Own Turn: pb7-b6");
    assert_eq!(game.json()["turn_of"], "black");
    assert_eq!(game.json()["card_played"]["black"], true);
    game.play(BLACK, "d5");
    assert_eq!(game.board(), "rnbqkbnr/2p1pppp/pp6/3p4/4P3/7P/PPPP1PP1/RNBQKBNR");
}

#[test]
fn captured_pieces_are_pooled_and_returned_dead_ones_never() {
    let mut game = Game::new(None);
    game.moves("e4 d5 exd5");
    assert_eq!(game.json()["captured"], "p");
    game.play(BLACK, "card Resurrect: return p@c6");
    assert_eq!(game.json()["captured"], "-");
    let why = game.refused(WHITE, "card Again: return p@e6");
    assert!(why.contains("no black pawn has been captured to return"), "{why}");
    game.play(BLACK, "Qxd5");
    game.play(WHITE, "card Zap: kill qd5");
    assert_eq!(game.json()["captured"], "P", "the dead queen is not pooled");
    let why = game.refused(WHITE, "card Raise: return q@d8");
    assert!(why.contains("no black queen has been captured"), "{why}");
    game.play(WHITE, "Nc3");
    game.play(BLACK, "card Lost: remove Nc3");
    assert_eq!(game.json()["captured"], "PN");
    game.play(BLACK, "Nf6");
    game.play(WHITE, "card Back: return N@c3");
    assert!(
        game.json()["position"].as_str().unwrap().ends_with(" P"),
        "{}",
        game.json()
    );
}

#[test]
fn a_king_is_never_taken_removed_or_made() {
    let mut game = Game::new(None);
    let why = game.refused(WHITE, "card Assassin: remove ke8");
    assert!(why.contains("a king cannot be removed"), "{why}");
    let why = game.refused(WHITE, "card Crown: Qd1=K");
    assert!(why.contains("no piece becomes a king"), "{why}");
    let why = game.refused(WHITE, "card Crown: place K@e4");
    assert!(why.contains("a king cannot be put on the board"), "{why}");
    let why = game.refused(WHITE, "card Turncoat: convert ke8");
    assert!(why.contains("a king cannot be converted"), "{why}");
}

#[test]
fn a_card_may_not_leave_its_players_king_in_check_at_the_end_of_the_turn() {
    let mut game = Game::new(None);
    game.play(WHITE, "e4");
    // After its move White's turn may end at any time: its king must stand safe.
    let why = game.refused(WHITE, "card Blunder: Pf2-f3, place q@h4");
    assert!(
        why.contains("White's king would stand in check at the end of its turn"),
        "{why}"
    );
    // Black, not the mover, may not leave its own king in check either.
    let why = game.refused(BLACK, "card Blunder: pe7-e6, pd7-d6, place Q@a4");
    assert!(why.contains("leaves Black's own king in check"), "{why}");
    // Before its move the mover may stand in check: its regular move must get out of it.
    game.play(BLACK, "e5");
    game.play(BLACK, "card Pin: place B@b5");
    assert!(
        game.json()["notes"].to_string().contains("Black's turn"),
        "{}",
        game.json()
    );
}

#[test]
fn the_mover_may_stand_in_check_before_its_move_and_must_leave_it() {
    let mut game = Game::new(None);
    game.moves("e4 e5");
    // Black's card in White's turn checks White; White's regular move must answer it.
    game.play(BLACK, "card Ambush: place b@b4, Pd2-d3");
    assert!(game
        .fen()
        .starts_with("rnbqkbnr/pppp1ppp/8/4p3/1b2P3/3P4/PPP2PPP/RNBQKBNR w"));
    let mut game = Game::new(None);
    game.moves("d4 e5");
    game.play(BLACK, "card Ambush: place b@b4");
    let legal = game.legal_for(WHITE);
    assert_eq!(
        legal,
        vec!["Bd2", "Nc3", "Nd2", "Qd2", "c3"],
        "only answers to the check"
    );
    game.play(WHITE, "c3");
}

#[test]
fn a_regular_card_may_not_give_checkmate_directly() {
    // Fool's mate position but for Black's queen, Black to move: a card that puts the queen
    // on h4 mates at once; the ruling says it has no effect.
    let start = "rnb1kbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    let mut game = Game::new(Some(start));
    let why = game.refused(BLACK, "card Strike: place q@h4, instead");
    assert!(why.contains("a card may not give checkmate directly"), "{why}");
    game.play(BLACK, "card Strike: void");
    // A continuing card may.
    let mut game = Game::new(Some(start));
    game.play(BLACK, "card Dark Reign: place q@h4, instead, lasting");
    assert_eq!(game.json()["in_play"][0]["card"], "Dark Reign");
    assert_eq!(game.legal_for(WHITE), vec!["no-card"]);
}

#[test]
fn checkmate_ends_the_game_only_when_no_card_saves_the_king() {
    let mut game = Game::new(None);
    game.moves("f3 e5 g4 Qh4#");
    assert!(game.outcome().is_none(), "a card may still save White");
    assert_eq!(game.legal_for(WHITE), vec!["no-card"]);
    // White escapes: its card blocks the check, then it still makes its regular move.
    let mut escape = Game::new(None);
    escape.moves("f3 e5 g4 Qh4#");
    escape.play(WHITE, "card Wall: place P@g3");
    escape.play(WHITE, "Nc3");
    assert!(escape.outcome().is_none());
    // Without a card: checkmate.
    let why = game.refused(BLACK, "no-card");
    assert!(why.contains("Black has made its regular move of this turn"), "{why}");
    game.play(WHITE, "no-card");
    assert_eq!(game.outcome().unwrap(), "p2 wins: checkmate");
}

#[test]
fn no_card_is_only_for_a_side_without_a_move_and_stalemate_is_a_draw() {
    let mut game = Game::new(None);
    let why = game.refused(WHITE, "no-card");
    assert!(why.contains("White has regular moves"), "{why}");
    let mut game = Game::new(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(game.legal_for(BLACK), vec!["no-card"]);
    game.play(BLACK, "no-card");
    assert_eq!(game.outcome().unwrap(), "draw: stalemate");
}

#[test]
fn a_card_may_stand_for_the_regular_move() {
    let mut game = Game::new(None);
    game.play(WHITE, "card Pawn Storm: Pa2-a3, Pb2-b3, Pc2-c3, instead");
    assert_eq!(game.fen(), "rnbqkbnr/pppppppp/8/8/8/PPP5/3PPPPP/RNBQKBNR b KQkq - 0 1");
    let why = game.refused(WHITE, "e4");
    assert!(
        why.contains("may not act") || why.contains("made its regular move"),
        "{why}"
    );
    game.play(BLACK, "e5");
    // A pass: Black's card, standing for a regular move after its own, opens White's turn
    // and spends White's regular move.
    game.play(BLACK, "card Freeze: instead");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/PPP5/3PPPPP/RNBQKBNR b KQkq - 0 2"
    );
    // White's card standing for a regular move after White's own spent one opens Black's
    // turn: Black's move is spent in its turn.
    game.play(WHITE, "card Late: instead");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/PPP5/3PPPPP/RNBQKBNR w KQkq - 0 3"
    );
    assert_eq!(game.json()["turn_of"], "black");
    let why = game.refused(BLACK, "card Double: instead, instead");
    assert!(
        why.contains("effect 2 (instead)") && why.contains("already made"),
        "{why}"
    );
}

#[test]
fn undo_takes_back_the_regular_move_of_this_turn() {
    let mut game = Game::new(None);
    game.moves("e4 d5 exd5");
    game.play(BLACK, "card Think Twice: undo");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(game.json()["captured"], "-", "the capture is taken back too");
    game.play(WHITE, "Nc3");
    game.play(BLACK, "d4");
    // White's card in Black's turn takes Black's move back; Black moves again.
    game.play(WHITE, "card Not So Fast: undo");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2"
    );
    game.play(BLACK, "e6");
    // Another card of White's opens White's turn: no move of it to take back yet.
    let why = game.refused(WHITE, "card Again: undo");
    assert!(
        why.contains("no regular move of this turn is there to take back"),
        "{why}"
    );
}

#[test]
fn a_continuing_card_lets_moves_chess_forbids_until_discarded() {
    let mut game = Game::new(None);
    game.play(WHITE, "card Wings: lasting");
    let why = game.refused(WHITE, "under Other: Nb1-b3");
    assert!(why.contains("no continuing card 'Other' is in play"), "{why}");
    let why = game.refused(WHITE, "under Wings: ng8-f6");
    assert!(why.contains("one of White's own pieces"), "{why}");
    game.play(WHITE, "under Wings: Nb1-b3");
    assert_eq!(game.fen(), "rnbqkbnr/pppppppp/8/8/8/1N6/PPPPPPPP/R1BQKBNR b KQkq - 0 1");
    game.play(BLACK, "card Dispel: discard Wings");
    game.play(BLACK, "e5");
    let why = game.refused(WHITE, "under Wings: Nb3-b5");
    assert!(why.contains("no continuing card 'Wings' is in play"), "{why}");
}

#[test]
fn castling_through_check_is_allowed_but_not_into_it() {
    // Black's bishop on c4 covers f1: chess forbids O-O, Knightmare allows it.
    let mut game = Game::new(Some("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1"));
    let legal = game.legal_for(WHITE);
    assert!(legal.contains(&"O-O".to_string()), "{legal:?}");
    assert!(legal.contains(&"O-O-O".to_string()), "{legal:?}");
    game.play(WHITE, "O-O");
    assert_eq!(game.board(), "r3k2r/8/8/8/2b5/8/8/R4RK1");
    // Out of check too, but never into it: the bishop on a3 covers c1.
    let game = Game::new(Some("r3k2r/8/8/8/8/b7/8/R3K2R w KQ - 0 1"));
    let legal = game.legal_for(WHITE);
    assert!(!legal.contains(&"O-O-O".to_string()), "{legal:?}");
    let game = Game::new(Some("4k3/8/8/8/8/8/3n4/R3K2R w KQ - 0 1"));
    let legal = game.legal_for(WHITE);
    assert!(
        legal.contains(&"O-O".to_string()) && legal.contains(&"O-O-O".to_string()),
        "{legal:?}"
    );
}

#[test]
fn a_card_moving_a_rook_or_king_loses_castling() {
    let mut game = Game::new(Some("r3k2r/p3p2p/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    game.play(WHITE, "card Shuffle: Rh1-h4, Rh4-h1");
    assert_eq!(game.fen(), "r3k2r/p3p2p/8/8/8/8/8/R3K2R w Qkq - 0 1");
    game.play(BLACK, "card Swap: swap ke8 ra8");
    assert_eq!(game.fen(), "k3r2r/p3p2p/8/8/8/8/8/R3K2R w Q - 0 1");
    let legal = game.legal_for(WHITE);
    assert!(
        legal.contains(&"O-O-O".to_string()) && !legal.contains(&"O-O".to_string()),
        "{legal:?}"
    );
}

#[test]
fn a_pawn_never_stands_on_a_back_rank_and_promotes_when_a_card_brings_it_there() {
    let mut game = Game::new(Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    let why = game.refused(WHITE, "card Lift: Pa7-a8");
    assert!(why.contains("say what it becomes"), "{why}");
    let why = game.refused(WHITE, "card Drop: place P@b8");
    assert!(why.contains("impossible position") && why.contains("pawn"), "{why}");
    let why = game.refused(WHITE, "card Lift: Pa7-a6=Q");
    assert!(why.contains("only a pawn reaching its last rank is promoted"), "{why}");
    game.play(WHITE, "card Lift: Pa7-a8=N");
    assert_eq!(game.board(), "N3k3/8/8/8/8/8/8/4K3");
    // Black's card in White's turn may not leave Black's own king in check.
    let why = game.refused(BLACK, "card Grow: Na8=Q");
    assert!(why.contains("the card leaves Black's own king in check"), "{why}");
}

#[test]
fn bad_card_text_is_refused_with_the_reason() {
    let mut game = Game::new(None);
    let cases = [
        ("card : Nb1-c3", "names its card"),
        ("card Nb1-c3", "the colon is missing"),
        ("card Foo, Bar: Nb1-c3", "',' in the card name"),
        ("card Foo: Nb1-c3,, Pa2-a3", "effect 2 of 'Foo': an empty effect"),
        ("card Foo: jump Nb1", "is not an effect"),
        ("card Foo: Xb1-c3", "'X' is not a piece letter"),
        ("card Foo: Nb1-c3 as q", "one upper-case letter"),
        ("card Foo: swap Nb1", "names two pieces"),
        ("card Foo: void, Pa2-a3", "'void' stands alone"),
        ("card Foo: discard Wings", "no card 'Wings' is in play"),
        ("Nb1-b3", "a card is entered as 'card NAME: EFFECT, ...'"),
    ];
    for (text, reason) in cases {
        let why = game.refused(WHITE, text);
        assert!(why.contains(reason), "{text}: {why}");
    }
    let why = game.refused(Actor::Arbiter, "card Foo: Pa2-a3");
    assert!(why.contains("only the players"), "{why}");
}

#[test]
fn the_start_position_may_name_captured_pieces() {
    let game = Game::new(Some("4k3/8/8/8/8/8/8/4K3 b - - 0 1 PQqq"));
    assert_eq!(game.json()["captured"], "PQqq");
    assert_eq!(game.replay.turn(), Turn::Simultaneous { seats: vec![0, 1] });
    for (start, reason) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Kq", "only P N B R Q"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 qP", "White's first"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - x", "7th"),
    ] {
        let Err(failure) = Replay::start(registry(), &header(Some(start))) else {
            panic!("{start} was taken");
        };
        assert!(failure.reason.contains(reason), "{start}: {failure}");
    }
}

#[test]
fn seventy_five_moves_without_a_capture_a_pawn_move_or_a_card_draw() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 90"));
    game.play(WHITE, "card Reset: Ra1-a2");
    game.play(WHITE, "Ra3");
    assert!(game.outcome().is_none(), "a card restarts the count");
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 90"));
    game.play(WHITE, "Ra2");
    assert_eq!(
        game.outcome().unwrap(),
        "draw: seventy-five moves without a capture, a pawn move or a card"
    );
}

#[test]
fn a_recorded_game_verifies_and_a_changed_effect_is_named() {
    let mut game = Game::new(None);
    game.moves("e4 e5");
    game.play(BLACK, "card Ambush: place b@b4");
    game.moves("c3 Bxc3");
    game.play(WHITE, "card Lost: remove bc3");
    let file = text::write(&game.record);
    let report = verify_text(registry(), &text::read(&file).unwrap());
    assert!(report.failure.is_none(), "{:?}", report.failure);
    let mut record = game.record.clone();
    let entry = record.entries.iter_mut().find(|e| e.command.contains("Lost")).unwrap();
    entry.command = "card Lost: remove nc3".into();
    let failure = verify_record(registry(), &record).failure.unwrap();
    assert_eq!(failure.seq, 6);
    assert!(
        failure.reason.contains("c3 holds a black bishop, not a black knight"),
        "{failure}"
    );
}
