//! One round: the question master, the fake artist dealt by chance, the theme, two laps of
//! strokes, the vote, the guess and its judgement, and the scores. It never shows hidden
//! information; `view` decides who sees what.

use super::notation::Command;
use super::secret;
use super::state::{Ending, Finished, Phase, State, Stroke, Theme, TARGET};
use kifu_core::record::Actor;
use kifu_core::rules::{Outcome, RuleError};

fn name(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

fn only(actor: Actor, seat: u8, role: &str) -> Result<(), RuleError> {
    match actor {
        Actor::Seat(s) if s == seat => Ok(()),
        _ => kifu_core::refuse!("only {role} ({}) enters this now", name(seat)),
    }
}

fn artist(state: &State, seat: u8) -> Result<u8, RuleError> {
    state.check_seat(seat)?;
    if seat == state.master {
        kifu_core::refuse!("{} is the question master, not an artist", name(seat));
    }
    Ok(seat)
}

/// `version`: the rules version; version 1 scores the round as soon as it is decided (no reveal).
pub fn apply(state: &mut State, actor: Actor, command: &Command, version: u32) -> Result<(), RuleError> {
    if let Phase::Over { outcome } = &state.phase {
        kifu_core::refuse!("the game is over ({outcome})");
    }
    if let Actor::Seat(s) = actor {
        state.check_seat(s)?;
    }
    match (command, state.phase.clone()) {
        (Command::Master(s), Phase::Master) => {
            if actor == Actor::Chance {
                kifu_core::refuse!("the players choose the first question master, not chance");
            }
            state.master = state.check_seat(*s)?;
            state.first = (state.master + 1) % state.seats;
            state.phase = Phase::Fake;
        }
        (Command::Fake(seat, salt), Phase::Fake) => {
            if actor != Actor::Chance {
                kifu_core::refuse!("who gets the blank paper is chance's entry (fake pN, or fake ? if unknown)");
            }
            state.fake = match seat {
                Some(s) => Some(artist(state, *s)?),
                None => None,
            };
            state.fake_salt = *salt;
            state.phase = Phase::Theme;
        }
        (Command::Theme { category, commitment }, Phase::Theme) => {
            only(actor, state.master, "the question master")?;
            state.theme = Some(Theme {
                category: category.clone(),
                commitment: *commitment,
                word: None,
            });
            state.phase = Phase::First;
        }
        (Command::ThemeInClear { category, word }, Phase::Theme) => {
            only(actor, state.master, "the question master")?;
            state.theme = Some(Theme {
                category: category.clone(),
                commitment: None,
                word: Some(word.clone()),
            });
            state.phase = Phase::First;
        }
        (Command::First(s), Phase::First) => {
            only(actor, state.master, "the question master")?;
            state.first = artist(state, *s)?;
            state.phase = Phase::Draw { turn: 0 };
        }
        (Command::Stroke(points), Phase::Draw { turn }) => {
            let drawer = state.drawer().unwrap_or(state.master);
            only(actor, drawer, "the artist drawing")?;
            state.strokes.push(Stroke {
                seat: drawer,
                points: points.clone(),
            });
            let next = turn + 1;
            state.phase = if usize::from(next) == 2 * state.artists().len() {
                Phase::Vote {
                    votes: vec![None; usize::from(state.seats)],
                }
            } else {
                Phase::Draw { turn: next }
            };
        }
        (Command::Vote(target), Phase::Vote { mut votes }) => {
            let Actor::Seat(voter) = actor else {
                kifu_core::refuse!("{actor} does not vote: each artist votes for themself");
            };
            if voter == state.master {
                kifu_core::refuse!("the question master ({}) does not vote", name(voter));
            }
            if votes[usize::from(voter)].is_some() {
                kifu_core::refuse!("{} has already voted", name(voter));
            }
            let target = artist(state, *target)?;
            if target == voter {
                kifu_core::refuse!("{} cannot vote for themself", name(voter));
            }
            votes[usize::from(voter)] = Some(target);
            if votes.iter().filter(|v| v.is_some()).count() == state.artists().len() {
                tally(state, &votes, version);
            } else {
                state.phase = Phase::Vote { votes };
            }
        }
        (Command::Unmask(seat), Phase::Unmask { suspect }) => {
            if actor != Actor::Arbiter && actor != Actor::Seat(*seat) {
                kifu_core::refuse!(
                    "only {} (owning up) or the arbiter enters unmask {}",
                    name(*seat),
                    name(*seat)
                );
            }
            state.fake = Some(artist(state, *seat)?);
            state.fake_public = true;
            decide(state, suspect, version);
        }
        (Command::Guess(word), Phase::Guess) => {
            only(actor, state.fake.unwrap_or(state.master), "the fake artist")?;
            state.phase = Phase::Judge { guess: word.clone() };
        }
        (Command::Judge(right), Phase::Judge { guess }) => {
            only(actor, state.master, "the question master")?;
            let how = match (*right, version) {
                (true, 1) => "was caught, but guessed the theme",
                (false, 1) => "was caught, and missed the theme",
                (true, _) => "was caught; the question master judged the guess right",
                (false, _) => "was caught; the question master judged the guess wrong",
            };
            let ending = Ending {
                suspect: state.fake,
                guess: Some(guess),
                judged_right: Some(*right),
                fake_wins: *right,
                how: how.to_string(),
            };
            decided(state, ending, version);
        }
        (Command::Reveal { word, salt }, Phase::Reveal { ending }) => {
            only(actor, state.master, "the question master")?;
            let committed = state.theme.as_ref().and_then(|t| t.commitment);
            if let Some(commitment) = committed {
                let Some(salt) = salt else {
                    kifu_core::refuse!("the theme was committed: reveal it with its salt (reveal WORD salt=HEX)");
                };
                if secret::commit(salt, word) != commitment {
                    kifu_core::refuse!(
                        "'{word}' with that salt does not match the theme's commitment #{}",
                        secret::hex(&commitment[..8])
                    );
                }
            }
            if let Some(theme) = state.theme.as_mut() {
                theme.word = Some(word.clone());
            }
            finish(state, ending);
        }
        (_, phase) => kifu_core::refuse!("that cannot be entered now: {}", waiting(state, &phase)),
    }
    Ok(())
}

/// What the game waits for, in words.
pub fn waiting(state: &State, phase: &Phase) -> String {
    match phase {
        Phase::Master => "the first question master is named (master pN)".into(),
        Phase::Fake => "chance deals the papers (fake pN)".into(),
        Phase::Theme => format!("{} writes the theme (theme CATEGORY: WORD)", name(state.master)),
        Phase::First => format!("{} names the first artist (first pN)", name(state.master)),
        Phase::Draw { .. } => format!(
            "{} draws a stroke (stroke x,y x,y ...)",
            name(state.drawer().unwrap_or(state.master))
        ),
        Phase::Vote { .. } => "the artists vote (vote pN)".into(),
        Phase::Unmask { .. } => "the fake artist owns up (unmask pN): the record does not know who it is".into(),
        Phase::Guess => "the fake artist guesses the theme (guess WORD)".into(),
        Phase::Judge { .. } => format!("{} judges the guess (judge right, judge wrong)", name(state.master)),
        Phase::Reveal { .. } => format!("{} reveals the theme (reveal WORD salt=HEX)", name(state.master)),
        Phase::Over { outcome } => format!("nothing: the game is over ({outcome})"),
    }
}

/// Most votes makes the suspect; a tie for most makes none (the artists failed to agree).
fn tally(state: &mut State, votes: &[Option<u8>], version: u32) {
    let mut counts = vec![0u32; usize::from(state.seats)];
    for v in votes.iter().flatten() {
        counts[usize::from(*v)] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(0);
    let top: Vec<u8> = (0..state.seats).filter(|s| counts[usize::from(*s)] == most).collect();
    let suspect = match top.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    if state.fake.is_none() {
        state.phase = Phase::Unmask { suspect };
    } else {
        decide(state, suspect, version);
    }
}

/// Once the fake is known: the caught fake guesses; otherwise the fake escaped and the theme
/// is revealed.
fn decide(state: &mut State, suspect: Option<u8>, version: u32) {
    if suspect.is_some() && suspect == state.fake {
        state.fake_public = true;
        state.phase = Phase::Guess;
        return;
    }
    let how = if suspect.is_none() {
        "escaped: the vote was tied"
    } else {
        "escaped: the artists suspected someone else"
    };
    decided(
        state,
        Ending {
            suspect,
            guess: None,
            judged_right: None,
            fake_wins: true,
            how: how.to_string(),
        },
        version,
    );
}

/// The round is decided: the theme is revealed next (version 2), or the round is scored at
/// once (version 1, whose theme is in the record in clear).
fn decided(state: &mut State, ending: Ending, version: u32) {
    if version == 1 {
        finish(state, ending);
    } else {
        state.phase = Phase::Reveal { ending };
    }
}

/// Scores the round, records it for all to see, and starts the next or ends the game.
fn finish(state: &mut State, ending: Ending) {
    let master = state.master;
    let fake = state.fake;
    let how = &ending.how;
    if ending.fake_wins {
        state.scores[usize::from(master)] += 2;
        if let Some(f) = fake {
            state.scores[usize::from(f)] += 2;
        }
    } else {
        for s in state.artists() {
            if Some(s) != fake {
                state.scores[usize::from(s)] += 1;
            }
        }
    }
    let fake_name = fake.map_or("?".to_string(), name);
    let summary = if ending.fake_wins {
        format!(
            "the fake artist {fake_name} {how}: {fake_name} and {} score 2",
            name(master)
        )
    } else {
        format!("the fake artist {fake_name} {how}: the other artists score 1")
    };
    state.finished.push(Finished {
        master,
        fake,
        theme: state.theme.clone().unwrap_or(Theme {
            category: String::new(),
            commitment: None,
            word: None,
        }),
        suspect: ending.suspect,
        guess: ending.guess,
        judged_right: ending.judged_right,
        summary,
    });
    let best = state.scores.iter().copied().max().unwrap_or(0);
    if best >= TARGET {
        let winners: Vec<u8> = (0..state.seats)
            .filter(|s| state.scores[usize::from(*s)] == best)
            .collect();
        state.phase = Phase::Over {
            outcome: Outcome {
                winners,
                reason: format!("{best} points after {} rounds", state.finished.len()),
            },
        };
        return;
    }
    state.master = (master + 1) % state.seats;
    state.first = (state.master + 1) % state.seats;
    state.fake = None;
    state.fake_salt = None;
    state.fake_public = false;
    state.theme = None;
    state.strokes.clear();
    state.phase = Phase::Fake;
}
