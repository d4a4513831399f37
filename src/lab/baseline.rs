//! `spider autoplay --against FILE`: an earlier run's JSON lines, compared deal by deal with this run.
//! A small change to the hint wins some deals and loses others; only the deals both runs played, and
//! which of them changed hands, tell a real gain from the luck of the deals.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The results of an earlier `spider autoplay --output json` run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Baseline {
    /// The file as named on the command line.
    pub name: String,
    /// Whether each deal played was won.
    pub won: BTreeMap<u32, bool>,
    /// Game, suits and relaxed rule, from the run's summary line when it has one.
    pub game: Option<(String, u8, u8)>,
}

/// The lines of a run that a comparison reads; other fields and other lines are passed over.
#[derive(Deserialize)]
struct Line {
    #[serde(rename = "type")]
    kind: String,
    seed: Option<u32>,
    result: Option<String>,
    game: Option<String>,
    suits: Option<u8>,
    relaxed: Option<u8>,
}

impl Baseline {
    /// Reads a run from its text; the error says which line is wrong and why.
    pub fn parse(name: &str, text: &str) -> Result<Baseline, String> {
        let mut baseline = Baseline {
            name: name.to_string(),
            won: BTreeMap::new(),
            game: None,
        };
        for (index, text) in text.lines().enumerate() {
            let at = |reason: &str| format!("line {}: {reason}", index + 1);
            if text.trim().is_empty() {
                continue;
            }
            let line: Line = serde_json::from_str(text)
                .map_err(|_| at("not a JSON line of spider autoplay --output json"))?;
            match line.kind.as_str() {
                "autoplay" => {
                    let (Some(seed), Some(result)) = (line.seed, line.result) else {
                        return Err(at("an autoplay line needs a seed and a result"));
                    };
                    let won = match result.as_str() {
                        "won" => true,
                        "lost" => false,
                        _ => return Err(at("the result is neither won nor lost")),
                    };
                    if baseline.won.insert(seed, won).is_some() {
                        return Err(at(&format!("deal {seed} comes twice")));
                    }
                }
                "summary" => {
                    if let (Some(game), Some(suits), Some(relaxed)) =
                        (line.game, line.suits, line.relaxed)
                    {
                        baseline.game = Some((game, suits, relaxed));
                    }
                }
                _ => {}
            }
        }
        if baseline.won.is_empty() {
            return Err("it holds no autoplay results".to_string());
        }
        Ok(baseline)
    }
}

/// The deals both runs played, and how they fared in each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    pub against: String,
    pub deals: usize,
    pub won_there: usize,
    pub won_here: usize,
    /// Deals won in this run and lost in the earlier one.
    pub here_only: Vec<u32>,
    pub there_only: Vec<u32>,
}

/// Compares this run's results (deal and whether won) with `baseline`, over the deals both played.
pub fn compare(baseline: &Baseline, here: impl IntoIterator<Item = (u32, bool)>) -> Comparison {
    let mut comparison = Comparison {
        against: baseline.name.clone(),
        deals: 0,
        won_there: 0,
        won_here: 0,
        here_only: Vec::new(),
        there_only: Vec::new(),
    };
    let mut here: Vec<(u32, bool)> = here.into_iter().collect();
    here.sort_unstable();
    for (seed, won_here) in here {
        let Some(&won_there) = baseline.won.get(&seed) else {
            continue;
        };
        comparison.deals += 1;
        comparison.won_here += won_here as usize;
        comparison.won_there += won_there as usize;
        match (won_here, won_there) {
            (true, false) => comparison.here_only.push(seed),
            (false, true) => comparison.there_only.push(seed),
            _ => {}
        }
    }
    comparison
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUN: &str = r#"{"type":"autoplay","seed":1,"result":"won","actions":3,"line":[]}
{"type":"autoplay","seed":2,"result":"lost","actions":3,"line":[]}
{"type":"autoplay","seed":3,"result":"won","actions":3,"line":[]}
{"type":"summary","game":"spider","suits":1,"relaxed":0,"won":2}
"#;

    #[test]
    fn only_deals_played_by_both_runs_count() {
        let baseline = Baseline::parse("base.json", RUN).unwrap();
        assert_eq!(baseline.game, Some(("spider".to_string(), 1, 0)));
        let comparison = compare(&baseline, [(4, true), (3, false), (2, true), (1, true)]);
        assert_eq!(comparison.deals, 3);
        assert_eq!((comparison.won_there, comparison.won_here), (2, 2));
        assert_eq!(comparison.here_only, [2]);
        assert_eq!(comparison.there_only, [3]);
    }

    #[test]
    fn a_file_that_is_not_a_run_is_refused_with_its_line() {
        let refused = |text: &str| Baseline::parse("f", text).unwrap_err();
        assert_eq!(
            refused("{\"type\":\"autoplay\",\"seed\":1,\"result\":\"won\"}\nhello\n"),
            "line 2: not a JSON line of spider autoplay --output json"
        );
        assert_eq!(
            refused("{\"type\":\"autoplay\",\"seed\":1,\"result\":\"drawn\"}"),
            "line 1: the result is neither won nor lost"
        );
        assert_eq!(
            refused(&RUN.replace("\"seed\":2", "\"seed\":1")),
            "line 2: deal 1 comes twice"
        );
        assert_eq!(
            refused("{\"type\":\"summary\"}"),
            "it holds no autoplay results"
        );
        assert_eq!(refused(""), "it holds no autoplay results");
    }
}
