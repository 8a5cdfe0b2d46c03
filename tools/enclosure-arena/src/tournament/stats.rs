//! The statistics of a tournament report: mean with a 95% confidence interval (normal
//! approximation) and percentiles.

/// 1.96: the two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_985;

/// Mean of `samples` and its 95% confidence interval by the normal approximation:
/// `mean ± 1.96 · s / √n`, `s` the sample standard deviation (`n - 1` in the denominator).
/// With fewer than two samples the interval is the mean itself.
pub fn mean_ci95(samples: &[f64]) -> (f64, [f64; 2]) {
    let n = samples.len();
    if n == 0 {
        return (0.0, [0.0, 0.0]);
    }
    let mean = samples.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (mean, [mean, mean]);
    }
    let variance = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let half = Z95 * (variance / n as f64).sqrt();
    (mean, [mean - half, mean + half])
}

/// The `p`-th percentile (0 < p <= 100) of `values` by the nearest-rank method: the smallest
/// value with at least `p`% of the values at or below it. 0 for no values.
pub fn percentile(values: &[f64], p: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| a.total_cmp(b));
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_sample() {
        // Mean 5, sample variance 32/7, so the half-width is 1.96 * sqrt(32/7/8).
        let (mean, [lo, hi]) = mean_ci95(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(mean, 5.0);
        let half = Z95 * (32.0f64 / 7.0 / 8.0).sqrt();
        assert!((hi - 5.0 - half).abs() < 1e-12 && (5.0 - lo - half).abs() < 1e-12);
        assert!((half - 1.4816).abs() < 1e-3, "{half}");
    }

    #[test]
    fn degenerate_samples() {
        assert_eq!(mean_ci95(&[]), (0.0, [0.0, 0.0]));
        assert_eq!(mean_ci95(&[3.0]), (3.0, [3.0, 3.0]));
        assert_eq!(mean_ci95(&[6.0; 10]), (6.0, [6.0, 6.0]));
    }

    #[test]
    fn nearest_rank_percentiles() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&values, 50.0), 50.0);
        assert_eq!(percentile(&values, 99.0), 99.0);
        assert_eq!(percentile(&[7.0, 1.0, 3.0], 50.0), 3.0);
        assert_eq!(percentile(&[], 50.0), 0.0);
    }
}
