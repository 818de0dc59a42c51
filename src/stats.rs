//! Statistics over measured times, one definition each, for every module that summarises runs:
//! medians, and the change between two result sets (geometric-mean ratios, their intervals
//! over rounds or cases, Holm's correction) that `diff` and the findings share.

use std::collections::BTreeMap;

/// The median of `values` (the lower middle for an even count, so that it is always one of the
/// values measured), 0 for none; sorts `values`.
pub fn median(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    values.get(values.len().saturating_sub(1) / 2).copied().unwrap_or(0)
}

/// The median of `values` as a point to draw (the mean of the middle two for an even count, so
/// that two runs of a line weigh alike), NaN for none; sorts `values`.
pub fn midpoint_median(values: &mut [u64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_unstable();
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2] as f64
    } else {
        f64::midpoint(values[n / 2 - 1] as f64, values[n / 2] as f64)
    }
}

/// The geometric mean of `ratios` (each new / base), as the mean of their logarithms: the
/// change in time per query that weighs a case of 1 µs and one of 1 s alike. NaN for none.
pub fn log_mean(log_ratios: &[f64]) -> f64 {
    if log_ratios.is_empty() {
        return f64::NAN;
    }
    log_ratios.iter().sum::<f64>() / log_ratios.len() as f64
}

/// How a change in time was estimated: the interval on the log scale and what it covers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// The geometric-mean ratio's logarithm (new over base).
    pub log: f64,
    /// The 95% interval's bounds on the log scale.
    pub low: f64,
    /// See `low`.
    pub high: f64,
    /// Rounds paired (1: the interval covers the spread over cases only).
    pub rounds: usize,
    /// The two one-sided p-values against the band ±threshold: that the change is beyond
    /// +threshold (slower) and beyond −threshold (faster).
    pub p_slower: f64,
    /// See `p_slower`.
    pub p_faster: f64,
}

/// The change over rounds: `per_round` holds each paired round's mean log ratio over the
/// common cases. A case's times in one run move together (clock, layout, load), so the
/// rounds, not the cases, are the independent samples: a t-interval over them (needs 2).
pub fn change_over_rounds(per_round: &[f64], band: f64) -> Option<Change> {
    let n = per_round.len();
    if n < 2 {
        return None;
    }
    let mean = log_mean(per_round);
    let var = per_round.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let se = (var / n as f64).sqrt().max(1e-12);
    let df = (n - 1) as f64;
    let half = t_quantile(0.975, df) * se;
    Some(Change {
        log: mean,
        low: mean - half,
        high: mean + half,
        rounds: n,
        p_slower: 1.0 - t_cdf((mean - band) / se, df),
        p_faster: t_cdf((mean + band) / se, df),
    })
}

/// Bootstrap resamples of the cases for a single round.
pub const BOOTSTRAP_RESAMPLES: usize = 2000;

/// The change from one round: a percentile bootstrap over the cases (`log_ratios`, one per
/// case), seeded so a rerun says the same. It covers the spread over cases only, not the
/// run-to-run noise, so callers give it no verdict unless the change is extreme.
pub fn change_over_cases(log_ratios: &[f64], band: f64, seed: u64) -> Option<Change> {
    use rand::{Rng, SeedableRng};
    let n = log_ratios.len();
    if n == 0 {
        return None;
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut means: Vec<f64> = (0..BOOTSTRAP_RESAMPLES)
        .map(|_| (0..n).map(|_| log_ratios[rng.gen_range(0..n)]).sum::<f64>() / n as f64)
        .collect();
    means.sort_by(f64::total_cmp);
    let at = |q: f64| means[((q * BOOTSTRAP_RESAMPLES as f64) as usize).min(means.len() - 1)];
    let share = |f: &dyn Fn(f64) -> bool| {
        (means.iter().filter(|m| f(**m)).count() as f64 + 1.0) / (BOOTSTRAP_RESAMPLES as f64 + 1.0)
    };
    Some(Change {
        log: log_mean(log_ratios),
        low: at(0.025),
        high: at(0.975),
        rounds: 1,
        p_slower: share(&|m| m <= band),
        p_faster: share(&|m| m >= -band),
    })
}

/// One case's times by round (round number, from 1, to ns).
pub type ByRound = BTreeMap<u32, u64>;

/// The change from the first side to the second over `cases` (each case's two sides' times by
/// round) and how many cases it covers: only the cases both sides timed in each of rounds
/// 1..=`rounds` count. With 2 or more rounds, round r is paired with round r and the interval is
/// over the per-round geometric means ([`change_over_rounds`]); with one, each case's median
/// over its rounds goes into a case bootstrap ([`change_over_cases`]).
pub fn paired_change(
    cases: &[(&ByRound, &ByRound)],
    rounds: u32,
    band: f64,
    seed: u64,
) -> Option<(usize, Change)> {
    let complete = |t: &ByRound| (1..=rounds).all(|r| t.contains_key(&r));
    let common: Vec<&(&ByRound, &ByRound)> =
        cases.iter().filter(|(a, b)| complete(a) && complete(b)).collect();
    if common.is_empty() {
        return None;
    }
    let ln = |x: u64| (x.max(1) as f64).ln();
    let change = if rounds >= 2 {
        let per_round: Vec<f64> = (1..=rounds)
            .map(|r| {
                log_mean(&common.iter().map(|(a, b)| ln(b[&r]) - ln(a[&r])).collect::<Vec<_>>())
            })
            .collect();
        change_over_rounds(&per_round, band)?
    } else {
        let mid = |t: &ByRound| median(&mut t.values().copied().collect::<Vec<_>>());
        let logs: Vec<f64> = common.iter().map(|(a, b)| ln(mid(b)) - ln(mid(a))).collect();
        change_over_cases(&logs, band, seed)?
    };
    Some((common.len(), change))
}

/// What a change's interval says against the band ±threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// Beyond the band (Holm-corrected across the family), in the direction of the change.
    Beyond,
    /// The 95% interval lies within the band.
    Equivalent,
    /// Neither, or a single round (no run-to-run noise measured): the note says what would
    /// settle it.
    Inconclusive,
}

/// The note of a single round's change: it covers the cases only, so it is never called.
pub const ONE_ROUND_NOTE: &str =
    "1 round: cases only, run-to-run noise not covered (compare --rounds 5)";

/// The calls of a family of `changes` at once, each with a note (empty when there is nothing
/// to add): Holm's correction at `alpha` over those with rounds, so the chance of any false
/// "beyond" in the family stays at most `alpha`.
pub fn calls(changes: &[Change], band: f64, alpha: f64) -> Vec<(Call, String)> {
    let tested: Vec<usize> = (0..changes.len()).filter(|&i| changes[i].rounds >= 2).collect();
    let p: Vec<f64> =
        tested.iter().map(|&i| changes[i].p_slower.min(changes[i].p_faster)).collect();
    let rejected = holm(&p, alpha);
    changes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if c.rounds < 2 {
                (Call::Inconclusive, ONE_ROUND_NOTE.to_string())
            } else if tested.iter().position(|&t| t == i).is_some_and(|k| rejected[k]) {
                (Call::Beyond, String::new())
            } else if c.low > -band && c.high < band {
                (Call::Equivalent, String::new())
            } else {
                let half = (c.high - c.low) / 2.0;
                let wanted = (c.log.abs() - band).abs();
                let note = match rounds_needed(c.rounds, half, wanted) {
                    Some(n) if n <= 1000 => format!("about {n} rounds would settle it"),
                    _ => "no number of rounds would settle it (on the threshold)".to_string(),
                };
                (Call::Inconclusive, note)
            }
        })
        .collect()
}

/// Holm's step-down correction: which of the hypotheses with `p_values` are rejected with the
/// family-wise error at most `alpha`. The smallest p is held to alpha/m, the next to
/// alpha/(m−1), and so on, stopping at the first that fails.
pub fn holm(p_values: &[f64], alpha: f64) -> Vec<bool> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut rejected = vec![false; m];
    for (k, &i) in order.iter().enumerate() {
        if p_values[i] > alpha / (m - k) as f64 {
            break;
        }
        rejected[i] = true;
    }
    rejected
}

/// Rounds needed for an interval of half-width `half` from `rounds` rounds to shrink to
/// `wanted` (the width goes as 1/sqrt(rounds)); None when no width would do.
pub fn rounds_needed(rounds: usize, half: f64, wanted: f64) -> Option<usize> {
    (wanted > 1e-12).then(|| ((rounds.max(2) as f64) * (half / wanted).powi(2)).ceil() as usize)
}

/// Student's t distribution function with `df` degrees of freedom, through the regularized
/// incomplete beta function.
pub fn t_cdf(t: f64, df: f64) -> f64 {
    let x = df / (df + t * t);
    let tail = 0.5 * inc_beta(df / 2.0, 0.5, x);
    if t > 0.0 {
        1.0 - tail
    } else {
        tail
    }
}

/// The `p` quantile of Student's t with `df` degrees of freedom, by bisection on [`t_cdf`].
pub fn t_quantile(p: f64, df: f64) -> f64 {
    let (mut lo, mut hi) = (-1e3, 1e3);
    for _ in 0..200 {
        let mid = f64::midpoint(lo, hi);
        if t_cdf(mid, df) < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    f64::midpoint(lo, hi)
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let sum = G[1..].iter().enumerate().fold(G[0], |s, (i, g)| s + g / (x + i as f64 + 1.0));
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The regularized incomplete beta function `I_x(a, b)`, by its continued fraction (modified
/// Lentz), using the symmetry `I_x(a, b) = 1 − I_{1−x}(b, a)` where that converges faster.
fn inc_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    if x > (a + 1.0) / (a + b + 2.0) {
        return 1.0 - inc_beta(b, a, 1.0 - x);
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp() / a;
    let tiny = 1e-300;
    let (mut c, mut d) = (1.0, 1.0 - (a + b) * x / (a + 1.0));
    d = 1.0 / if d.abs() < tiny { tiny } else { d };
    let mut f = d;
    for m in 1..300 {
        let m = f64::from(m);
        for numerator in [
            m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0)),
        ] {
            d = 1.0 + numerator * d;
            d = 1.0 / if d.abs() < tiny { tiny } else { d };
            c = 1.0 + numerator / c;
            if c.abs() < tiny {
                c = tiny;
            }
            f *= c * d;
        }
        if (c * d - 1.0).abs() < 1e-15 {
            break;
        }
    }
    front * f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holm_holds_the_smallest_p_to_alpha_over_m_and_stops_at_the_first_failure() {
        // alpha/3 = 0.0167, alpha/2 = 0.025, alpha/1 = 0.05
        assert_eq!(holm(&[0.01, 0.04, 0.02], 0.05), vec![true, true, true]);
        assert_eq!(holm(&[0.01, 0.03, 0.04], 0.05), vec![true, false, false]);
        assert_eq!(holm(&[0.03, 0.001, 0.04], 0.05), vec![false, true, false]);
        assert_eq!(holm(&[], 0.05), Vec::<bool>::new());
    }

    #[test]
    fn t_quantiles_match_the_printed_table() {
        assert!((t_quantile(0.975, 1.0) - 12.706).abs() < 1e-3);
        assert!((t_quantile(0.975, 4.0) - 2.776).abs() < 1e-3);
        assert!((t_quantile(0.975, 30.0) - 2.042).abs() < 1e-3);
        assert!((t_cdf(0.0, 7.0) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn rounds_needed_grows_with_the_square_of_the_width_ratio() {
        assert_eq!(rounds_needed(5, 0.2, 0.1), Some(20));
        assert_eq!(rounds_needed(5, 0.2, 0.0), None);
    }

    #[test]
    fn a_clear_change_over_rounds_has_an_interval_beyond_the_band() {
        let per_round = [0.18, 0.19, 0.2, 0.17, 0.185];
        let c = change_over_rounds(&per_round, 0.05).unwrap();
        assert!(c.low > 0.05 && c.p_slower < 0.001 && c.p_faster > 0.99);
        assert!(change_over_rounds(&[0.1], 0.05).is_none());
    }

    #[test]
    fn the_case_bootstrap_is_seeded() {
        let logs: Vec<f64> = (0..50).map(|i| f64::from(i % 7) * 0.01).collect();
        assert_eq!(change_over_cases(&logs, 0.05, 3), change_over_cases(&logs, 0.05, 3));
    }

    #[test]
    fn median_takes_the_lower_middle() {
        assert_eq!(median(&mut [5, 1, 3]), 3);
        assert_eq!(median(&mut [4, 1, 3, 2]), 2);
        assert_eq!(median(&mut []), 0);
    }

    #[test]
    #[allow(clippy::float_cmp)] // integers and their halves are exact in f64
    fn midpoint_median_averages_the_middle_two_of_an_even_count() {
        assert_eq!(midpoint_median(&mut [7]), 7.0);
        assert_eq!(midpoint_median(&mut [5, 1, 3]), 3.0);
        assert_eq!(midpoint_median(&mut [9, 1, 5, 3, 7]), 5.0);
        assert_eq!(midpoint_median(&mut [20, 10]), 15.0);
        assert_eq!(midpoint_median(&mut [4, 1, 3, 2]), 2.5);
        assert!(midpoint_median(&mut []).is_nan());
    }

    #[test]
    fn log_mean_is_the_mean_of_the_logs_and_nan_for_none() {
        assert!((log_mean(&[0.5, 1.0, -3.0]) - (-0.5)).abs() < 1e-12);
        assert!(log_mean(&[]).is_nan());
    }

    /// Student's t with 2 degrees of freedom has the closed form F(t) = 1/2 + t / (2 sqrt(2 + t²)).
    #[test]
    fn t_cdf_matches_the_closed_form_at_two_degrees_of_freedom_on_both_sides() {
        let closed = |t: f64| 0.5 + t / (2.0 * (2.0 + t * t).sqrt());
        for t in [-6.0, -2.0, -0.5, 0.5, 2.0, 6.0] {
            assert!((t_cdf(t, 2.0) - closed(t)).abs() < 1e-9, "t = {t}");
        }
    }

    /// Three rounds' mean log ratios 0.1, 0.2, 0.3: mean 0.2, standard error 0.1/sqrt(3), and
    /// with 2 degrees of freedom the 97.5% quantile 4.3027 and the closed-form distribution.
    #[test]
    fn the_change_over_rounds_is_the_t_interval_and_one_sided_tests_of_the_rounds() {
        let c = change_over_rounds(&[0.1, 0.2, 0.3], 0.05).unwrap();
        let se = 0.1 / 3f64.sqrt();
        let q = 4.302_652_729_749_463;
        let closed = |t: f64| 0.5 + t / (2.0 * (2.0 + t * t).sqrt());
        let close = |x: f64, y: f64| (x - y).abs() < 1e-9;
        assert!(
            close(c.log, 0.2) && close(c.low, 0.2 - q * se) && close(c.high, 0.2 + q * se),
            "{c:?}"
        );
        assert_eq!(c.rounds, 3);
        assert!(close(c.p_slower, 1.0 - closed(0.15 / se)), "{c:?}");
        assert!(close(c.p_faster, closed(0.25 / se)), "{c:?}");
        assert!(change_over_rounds(&[0.1, 0.3], 0.05).is_some_and(|c| c.rounds == 2));
    }

    #[test]
    fn the_case_bootstrap_brackets_the_mean_and_covers_one_round() {
        let logs: Vec<f64> = (0..50).map(|i| f64::from(i % 7) * 0.01).collect();
        let c = change_over_cases(&logs, 0.05, 3).unwrap();
        assert!((c.log - log_mean(&logs)).abs() < 1e-12, "{c:?}");
        assert!(c.low < c.log && c.log < c.high, "{c:?}");
        assert_eq!(c.rounds, 1);
        assert!(change_over_cases(&[], 0.05, 3).is_none());
    }

    /// Equal ratios make every resampled mean the same: the interval is a point, and each
    /// p-value is (resampled means on the wrong side of the band + 1) / (resamples + 1).
    #[test]
    fn the_case_bootstraps_p_values_count_the_resampled_means_short_of_the_band() {
        let resamples = BOOTSTRAP_RESAMPLES as f64 + 1.0;
        let c = change_over_cases(&[0.1; 10], 0.05, 3).unwrap();
        assert!((c.low - 0.1).abs() < 1e-12 && (c.high - 0.1).abs() < 1e-12, "{c:?}");
        assert_eq!((c.p_slower, c.p_faster), (1.0 / resamples, 1.0), "{c:?}");
        let c = change_over_cases(&[0.0; 10], 0.05, 3).unwrap();
        assert_eq!((c.p_slower, c.p_faster), (1.0, 1.0), "{c:?}");
        let c = change_over_cases(&[-0.1; 10], 0.05, 3).unwrap();
        assert_eq!((c.p_slower, c.p_faster), (1.0, 1.0 / resamples), "{c:?}");
    }

    #[test]
    fn paired_change_keeps_cases_timed_in_every_round_on_both_sides() {
        let by = |t: &[(u32, u64)]| -> ByRound { t.iter().copied().collect() };
        let (a_base, a_new) = (by(&[(1, 100), (2, 100)]), by(&[(1, 200), (2, 200)]));
        // Round 2 missing on the base's side: left out.
        let (b_base, b_new) = (by(&[(1, 100)]), by(&[(1, 900), (2, 900)]));
        let (n, c) = paired_change(&[(&a_base, &a_new), (&b_base, &b_new)], 2, 0.05, 1).unwrap();
        assert_eq!((n, c.rounds), (1, 2));
        assert!((c.log - 2f64.ln()).abs() < 1e-12, "{c:?}");
        assert!(paired_change(&[(&b_base, &b_new)], 2, 0.05, 1).is_none());
    }

    #[test]
    fn one_round_pairs_each_cases_median_over_its_rounds() {
        let by = |t: &[(u32, u64)]| -> ByRound { t.iter().copied().collect() };
        let base = by(&[(1, 100), (2, 100), (3, 100)]);
        let new = by(&[(1, 400), (2, 200), (3, 300)]);
        let (n, c) = paired_change(&[(&base, &new)], 1, 0.05, 1).unwrap();
        assert_eq!((n, c.rounds), (1, 1));
        assert!((c.log - 3f64.ln()).abs() < 1e-12, "{c:?}");
    }

    /// A family of changes at a band of 0.25 (values exact in binary): a change with rounds
    /// whose p-value passes Holm's bound is beyond, one whose interval lies strictly within the
    /// band is equivalent, and the rest are inconclusive with the rounds that would settle them
    /// (the interval's half-width over the distance from the estimate to the band, squared,
    /// times the rounds), or none when that is over 1000 or the estimate is on the threshold.
    #[test]
    fn calls_say_beyond_equivalent_or_what_would_settle_it() {
        let change = |rounds, log, low, high, p| Change {
            log,
            low,
            high,
            rounds,
            p_slower: p,
            p_faster: 1.0,
        };
        let settle = |n: usize| format!("about {n} rounds would settle it");
        let never = "no number of rounds would settle it (on the threshold)".to_string();
        let family = [
            change(2, 0.375, 0.3125, 0.4375, 0.001),
            change(5, 0.0, -0.125, 0.125, 0.9),
            change(5, 0.375, 0.125, 0.625, 0.3),
            change(5, 0.25, 0.0, 0.5, 0.5),
            change(1, 0.375, 0.3125, 0.4375, 0.0001),
            change(5, 0.375, -1.625, 2.375, 0.4),
            change(5, -0.0625, -0.25, 0.125, 0.4),
            change(5, 0.0625, -0.125, 0.25, 0.4),
        ];
        let got = calls(&family, 0.25, 0.05);
        let want = vec![
            (Call::Beyond, String::new()),
            (Call::Equivalent, String::new()),
            (Call::Inconclusive, settle(20)),
            (Call::Inconclusive, never.clone()),
            (Call::Inconclusive, ONE_ROUND_NOTE.to_string()),
            (Call::Inconclusive, never),
            (Call::Inconclusive, settle(5)),
            (Call::Inconclusive, settle(5)),
        ];
        assert_eq!(got, want);
    }

    /// Holm's bound is inclusive: a p-value equal to alpha/(m−k) is rejected (halving is exact,
    /// so 0.05 / 2 is the literal 0.025).
    #[test]
    fn holm_rejects_a_p_value_equal_to_its_bound() {
        assert_eq!(holm(&[0.05], 0.05), vec![true]);
        assert_eq!(holm(&[0.05, 0.025], 0.05), vec![true, true]);
        assert_eq!(holm(&[0.05, 0.025_000_1], 0.05), vec![false, false]);
    }

    /// A distance to the band of 1e-12 or less is "on the threshold": no number of rounds.
    #[test]
    fn rounds_needed_is_none_within_the_tolerance_of_the_threshold() {
        assert_eq!(rounds_needed(5, 0.2, 1e-12), None);
        assert!(rounds_needed(5, 0.2, 2e-12).is_some());
    }

    /// Student's t with 1 degree of freedom is the Cauchy distribution, F(t) = 1/2 + atan(t)/π;
    /// at t = ±1 the incomplete beta function's argument sits exactly on its switch to the
    /// symmetric form.
    #[test]
    fn t_cdf_matches_the_cauchy_distribution_at_one_degree_of_freedom() {
        let cauchy = |t: f64| 0.5 + t.atan() / std::f64::consts::PI;
        for t in [-10.0, -1.0, -0.5, 0.5, 1.0, 3.0, 10.0] {
            assert!((t_cdf(t, 1.0) - cauchy(t)).abs() < 1e-9, "t = {t}");
        }
    }

    /// With a million degrees of freedom Student's t is the standard normal to within 1e-6
    /// (Φ from its published values).
    #[test]
    fn t_cdf_approaches_the_normal_distribution_at_many_degrees_of_freedom() {
        for (t, normal) in [
            (0.05, 0.519_938_805_838_372_5),
            (0.5, 0.691_462_461_274_013_1),
            (1.0, 0.841_344_746_068_542_9),
            (2.0, 0.977_249_868_051_820_8),
        ] {
            assert!((t_cdf(t, 1e6) - normal).abs() < 1e-6, "t = {t}");
            assert!((t_cdf(-t, 1e6) - (1.0 - normal)).abs() < 1e-6, "t = -{t}");
        }
        assert!((t_quantile(0.975, 1e6) - 1.959_964).abs() < 1e-5);
    }

    /// ln Γ against known values on both sides of 1/2, where it switches to the reflection
    /// formula: Γ(1/10), Γ(1/4), Γ(1/3), Γ(1/2) = √π and Γ(5) = 24.
    #[test]
    fn ln_gamma_matches_known_values_on_both_sides_of_one_half() {
        for (x, gamma) in [
            (0.1, 9.513_507_698_668_732),
            (0.25, 3.625_609_908_221_908),
            (1.0 / 3.0, 2.678_938_534_707_748),
            (0.5, std::f64::consts::PI.sqrt()),
            (5.0, 24.0),
        ] {
            assert!((ln_gamma(x) - f64::ln(gamma)).abs() < 1e-10, "x = {x}");
        }
    }
}
