#include "stats/brownian.h"

#include <cmath>
#include <numbers>

#include "stats/elo.h"

namespace judkins::stats {
namespace {

constexpr double kPi = std::numbers::pi;

// A primitive of e^(gamma y) sin(n pi y / A), times 2/A e^(-gamma y).
double U(int n, double gamma, double A, double y) {
  return (2 * A * gamma * std::sin(kPi * n * y / A) - 2 * kPi * n * std::cos(kPi * n * y / A)) /
         (A * A * gamma * gamma + kPi * kPi * n * n);
}

// The exact eigenfunction series; converges slowly for small sigma^2 T / A^2.
double SeriesCdf(const Brownian& w, double T, double y) {
  const double sigma2 = w.sigma * w.sigma, A = w.b - w.a, x = -w.a, gamma = w.mu / sigma2;
  y -= w.a;
  const double lambda1 = std::pow(kPi / A, 2) * sigma2 / 2 + (w.mu * w.mu / sigma2) / 2;
  const double t0 = std::exp(-lambda1 * T - x * gamma + y * gamma);
  double sum = 0;
  for (int n = 1; n < 100000; ++n) {
    const double lambda_n = std::pow(n * kPi / A, 2) * sigma2 / 2 + (w.mu * w.mu / sigma2) / 2;
    const double t1 = std::exp(-(lambda_n - lambda1) * T), t3 = U(n, gamma, A, y);
    sum += t1 * t3 * std::sin(n * kPi * x / A);
    if (std::fabs(t0 * t1 * t3) <= 1e-9) break;
  }
  double pre;
  if (gamma * A > 30)
    pre = std::exp(-2 * gamma * x);  // the exact form would overflow
  else if (std::fabs(gamma * A) < 1e-8)
    pre = (A - x) / A;
  else
    pre = (1 - std::exp(2 * gamma * (A - x))) / (1 - std::exp(2 * gamma * A));
  return pre + t0 * sum;
}

// Siegmund's approximation, with the asymptotic expansion of Phi where the
// exponential factor would overflow.
double SiegmundCdf(const Brownian& w, double T, double y) {
  const double sigma2 = w.sigma * w.sigma, denominator = std::sqrt(T * sigma2), offset = w.mu * T;
  const double gamma = w.mu / sigma2;
  const double z = (y - offset) / denominator;
  const double za = (-y + offset + 2 * w.a) / denominator;
  const double zb = (y - offset - 2 * w.b) / denominator;
  auto tail = [&](double zz, double barrier) {
    if (gamma * barrier >= 5)
      return -std::exp(-zz * zz / 2 + 2 * gamma * barrier) / std::sqrt(2 * kPi) * (1 / zz - 1 / (zz * zz * zz));
    return std::exp(2 * gamma * barrier) * NormalCdf(zz);
  };
  return NormalCdf(z) + tail(za, w.a) - tail(zb, w.b);
}

}  // namespace

double Brownian::OutcomeCdf(double T, double y) const {
  const double sigma2 = sigma * sigma, A = b - a, gamma = mu / sigma2;
  if (sigma2 * T / (A * A) < 1e-2 || std::fabs(gamma * A) > 15) return SiegmundCdf(*this, T, y);
  return SeriesCdf(*this, T, y);
}

}  // namespace judkins::stats
