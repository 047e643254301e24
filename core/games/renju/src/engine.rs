//! The five-in-a-row rules engine: the state, the commands and how each is applied (stones,
//! passes, foul claims, the opening steps) for `renju` and `gomoku`. Reading and writing the
//! command text lives in `command.rs`, the views in `view.rs`.

use serde::{Deserialize, Serialize};

use super::board::{Board, Colour, Point};
use super::config::{self, Config, Fouls};
use super::forbidden::{judge, Foul, Verdict};
use super::opening::{in_square, symmetric, Progress, Step};
use super::position::Position;
use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};

/// Which registry game: Renju (fixed rule set) or gomoku (rule set by option).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Renju,
    Gomoku,
}

/// The engine; one value per registry game.
#[derive(Debug, Clone)]
pub struct FiveInRow {
    pub variant: Variant,
}

/// A command as the engine applies it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Place(Point),
    Pass,
    /// The player to move claims the opponent's foul at this point.
    Claim(Point),
    Swap,
    Keep,
    /// The number of fifth-move offers (`offers 3`).
    Declare(u8),
    Offer(Point),
    Choose(Point),
}

/// A foul entered under `fouls=claim` that the opponent may still claim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claimable {
    pub point: Point,
    pub foul: Foul,
    /// The colour that played it.
    pub colour: Colour,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub config: Config,
    pub board: Board,
    pub to_move: Colour,
    /// The seat (0 or 1) holding black; swaps change it.
    pub black_seat: u8,
    /// Passes in a row.
    pub passes: u8,
    pub claimable: Vec<Claimable>,
    pub opening: Option<Progress>,
    pub outcome: Option<Outcome>,
    pub last: Option<Point>,
}

impl State {
    pub fn seat_of(&self, colour: Colour) -> u8 {
        match colour {
            Colour::Black => self.black_seat,
            Colour::White => self.black_seat ^ 1,
        }
    }

    /// The colour whose holder acts now (in the opening, the step's actor).
    pub fn acting(&self) -> Colour {
        self.opening.as_ref().and_then(Progress::actor).unwrap_or(self.to_move)
    }

    /// What `colour` playing at `p` would make under this game's bans.
    pub fn verdict(&self, p: Point, colour: Colour) -> Verdict {
        judge(&self.board, p, colour, self.config.rules.bans(colour))
    }

    /// Whether a pass may be entered now: after the opening and the first three stones.
    pub fn pass_allowed(&self) -> bool {
        self.opening.is_none() && self.board.points().filter(|p| self.board.get(*p).is_some()).count() >= 3
    }

    fn end(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }

    fn finish_step(&mut self) {
        if let Some(progress) = &mut self.opening {
            progress.step += 1;
            if progress.due().is_none() {
                self.opening = None;
            }
        }
    }
}

fn foul_text(foul: Foul) -> &'static str {
    match foul {
        Foul::DoubleThree => "a double three",
        Foul::DoubleFour => "a double four",
        Foul::Overline => "an overline",
    }
}

impl FiveInRow {
    fn place_free(&self, s: &mut State, p: Point) -> Result<(), RuleError> {
        let colour = s.to_move;
        if s.board.get(p).is_some() {
            refuse!("{} is already taken", p.text());
        }
        let verdict = s.verdict(p, colour);
        if let Verdict::Foul(foul) = verdict {
            if s.config.fouls == Fouls::Reject {
                refuse!(
                    "{} is forbidden for {}: it makes {}",
                    p.text(),
                    colour.name(),
                    foul_text(foul)
                );
            }
        }
        s.board.set(p, Some(colour));
        s.last = Some(p);
        s.passes = 0;
        s.claimable.retain(|c| c.colour == colour || c.foul == Foul::Overline);
        let winner = s.seat_of(colour);
        let loser_reason = |foul| format!("{} played {} at {}", colour.name(), foul_text(foul), p.text());
        match verdict {
            Verdict::Five => s.end(Outcome::win(
                winner,
                format!("{} made five in a row at {}", colour.name(), p.text()),
            )),
            Verdict::Foul(foul) if s.config.fouls == Fouls::Auto => {
                s.end(Outcome::win(s.seat_of(colour.other()), loser_reason(foul)))
            }
            Verdict::Foul(foul) => s.claimable.push(Claimable { point: p, foul, colour }),
            Verdict::Plain => {}
        }
        if s.outcome.is_none() && s.board.is_full() {
            s.end(Outcome::draw("the board is full"));
        }
        s.to_move = colour.other();
        Ok(())
    }

    fn pass(&self, s: &mut State) -> Result<(), RuleError> {
        if !s.pass_allowed() {
            refuse!("no pass before the opening is over and three stones are on the board");
        }
        let colour = s.to_move;
        s.claimable.retain(|c| c.colour == colour || c.foul == Foul::Overline);
        s.passes += 1;
        s.last = None;
        if s.passes >= 2 {
            s.end(Outcome::draw("two passes in a row"));
        }
        s.to_move = colour.other();
        Ok(())
    }

    fn claim(&self, s: &mut State, p: Point) -> Result<(), RuleError> {
        let claimant = s.to_move;
        let Some(found) = s
            .claimable
            .iter()
            .find(|c| c.point == p && c.colour == claimant.other())
        else {
            refuse!(
                "{} has no foul at {} that {} can still claim",
                claimant.other().name(),
                p.text(),
                claimant.name()
            );
        };
        let reason = format!(
            "{} claimed {}'s foul at {} ({})",
            claimant.name(),
            claimant.other().name(),
            p.text(),
            found.foul.name()
        );
        s.end(Outcome::win(s.seat_of(claimant), reason));
        Ok(())
    }

    fn opening_step(&self, s: &mut State, step: Step, command: &Command) -> Result<(), RuleError> {
        match (step, command) {
            (Step::Place { colour, square, .. }, Command::Place(p)) => {
                if s.board.get(*p).is_some() {
                    refuse!("{} is already taken", p.text());
                }
                if let Some(side) = square {
                    if !in_square(&s.board, *p, side) {
                        refuse!(
                            "this opening stone must be in the central {side}x{side} square, {} is not",
                            p.text()
                        );
                    }
                }
                if let Verdict::Foul(foul) = s.verdict(*p, colour) {
                    refuse!(
                        "{} is forbidden for {}: it makes {}",
                        p.text(),
                        colour.name(),
                        foul_text(foul)
                    );
                }
                s.board.set(*p, Some(colour));
                s.last = Some(*p);
                s.to_move = colour.other();
            }
            (Step::Swap { .. }, Command::Swap) => s.black_seat ^= 1,
            (Step::Swap { .. }, Command::Keep) => {}
            (Step::Declare { max, .. }, Command::Declare(n)) => {
                if *n == 0 || *n > max {
                    refuse!("the number of fifth-move offers must be from 1 to {max}, not {n}");
                }
                if let Some(progress) = &mut s.opening {
                    progress.declared = Some(*n);
                }
            }
            (Step::Fork, Command::Swap | Command::Keep) => {
                if *command == Command::Swap {
                    s.black_seat ^= 1;
                }
                if let Some(progress) = &mut s.opening {
                    progress.branch = 1;
                    progress.step = 0;
                }
                return Ok(());
            }
            (Step::Fork, Command::Offer(_)) => {
                if let Some(progress) = &mut s.opening {
                    progress.branch = 2;
                    progress.step = 0;
                }
                let step = s.opening.as_ref().and_then(Progress::due).unwrap_or(Step::Choose);
                return self.opening_step(s, step, command);
            }
            (Step::Offers(count), Command::Offer(p)) => {
                let Some(progress) = &s.opening else {
                    refuse!("no offers are due")
                };
                if s.board.get(*p).is_some() {
                    refuse!("{} is already taken", p.text());
                }
                if let Verdict::Foul(foul) = s.verdict(*p, Colour::Black) {
                    refuse!("{} is forbidden for black: it makes {}", p.text(), foul_text(foul));
                }
                if let Some(same) = progress.offers.iter().find(|o| symmetric(&s.board, **o, *p)) {
                    refuse!(
                        "the offer {} is the same fifth move as {} up to a symmetry of the position",
                        p.text(),
                        same.text()
                    );
                }
                let wanted = progress.wanted(count) as usize;
                if let Some(progress) = &mut s.opening {
                    progress.offers.push(*p);
                    if progress.offers.len() < wanted {
                        return Ok(());
                    }
                }
            }
            (Step::Choose, Command::Choose(p)) => {
                let offers = s.opening.as_ref().map(|o| o.offers.clone()).unwrap_or_default();
                if !offers.contains(p) {
                    let list: Vec<String> = offers.iter().map(|o| o.text()).collect();
                    refuse!("{} was not offered (the offers are {})", p.text(), list.join(", "));
                }
                s.board.set(*p, Some(Colour::Black));
                s.last = Some(*p);
                s.to_move = Colour::White;
                if let Some(progress) = &mut s.opening {
                    progress.offers.clear();
                }
            }
            _ => refuse!("{}", super::command::expected(step)),
        }
        s.finish_step();
        Ok(())
    }
}

impl Rules for FiveInRow {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        match self.variant {
            Variant::Renju => "renju",
            Variant::Gomoku => "gomoku",
        }
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        match self.variant {
            Variant::Renju => "Renju: five in a row, black barred from 3-3, 4-4 and overlines (RIF); opening rules",
            Variant::Gomoku => "Gomoku / omok: five in a row, freestyle, standard or omok rules, bans per colour",
        }
    }
    fn options(&self) -> Vec<String> {
        super::config::option_keys(self.variant == Variant::Renju)
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        let config = config::read(setup, self.variant == Variant::Renju)?;
        let (board, to_move) = match setup.start {
            Some(_) if config.opening.is_some() => refuse!("an opening rule starts from the empty board, not a set-up"),
            Some(text) => {
                let position = Position::parse(text, config.size).map_err(RuleError::new)?;
                (position.board, position.to_move)
            }
            None => (Board::new(config.size), Colour::Black),
        };
        let opening = config.opening.map(Progress::new);
        Ok(State {
            config,
            board,
            to_move,
            black_seat: 0,
            passes: 0,
            claimable: Vec::new(),
            opening,
            outcome: None,
            last: None,
        })
    }

    fn turn(&self, state: &State) -> Turn {
        match &state.outcome {
            Some(outcome) => Turn::over(outcome.clone()),
            None => Turn::seat(state.seat_of(state.acting())),
        }
    }

    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        let _ = actor;
        super::command::parse(state, text)
    }

    fn format(&self, _state: &State, command: &Command) -> String {
        super::command::format(command)
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        if state.outcome.is_some() {
            refuse!("the game is over");
        }
        let acting = state.acting();
        if actor != Actor::Seat(state.seat_of(acting)) {
            refuse!(
                "it is {}'s turn ({})",
                Actor::Seat(state.seat_of(acting)),
                acting.name()
            );
        }
        if let Some(step) = state.opening.as_ref().and_then(Progress::due) {
            return self.opening_step(state, step, command);
        }
        match command {
            Command::Place(p) => self.place_free(state, *p),
            Command::Pass => self.pass(state),
            Command::Claim(p) => self.claim(state, *p),
            _ => refuse!("the opening is over: enter a point, pass or claim"),
        }
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        Some(super::command::legal(state))
    }

    fn sample_chance(&self, _state: &State, _rng: &mut ChanceRng) -> Command {
        Command::Pass
    }

    fn render(&self, state: &State, _view: View) -> String {
        super::view::render(state)
    }

    fn state_json(&self, state: &State, _view: View) -> serde_json::Value {
        super::view::json(state)
    }

    fn svg(&self, state: &State, _view: View) -> Option<String> {
        Some(super::svg::svg(state))
    }
}
