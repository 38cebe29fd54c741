"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): one rating period for one
subject. Written out because the PyPI `glicko2` package (2.1.0) computes the volatility with the
rating where the paper has the deviation (step 5's f); the paper's example is the test.

Ratings are on the Glicko scale (1500, deviation 350 for a newcomer); the steps run on the
Glicko-2 scale (mu, phi), as the paper numbers them.
"""

import math
from dataclasses import dataclass

SCALE = 173.7178
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # the system constant: how fast the volatility may change
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation and volatility (Glicko scale), and how many results made it."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    results: int = 0


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def expected(own: Rating, other: Rating) -> float:
    """The chance that `own` beats `other` (step 3's E)."""
    mu, mu_j = (own.rating - START_RATING) / SCALE, (other.rating - START_RATING) / SCALE
    return 1 / (1 + math.exp(-_g(other.deviation / SCALE) * (mu - mu_j)))


def _volatility(sigma: float, phi: float, v: float, delta: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(own: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """`own` after one rating period of `games`: (the opponent's rating before the period, the
    score: 1 won, 0 lost). No games: only the deviation grows (step 6)."""
    mu, phi, sigma = (own.rating - START_RATING) / SCALE, own.deviation / SCALE, own.volatility
    if not games:
        return Rating(
            own.rating, min(math.sqrt(phi**2 + sigma**2) * SCALE, START_DEVIATION), sigma, own.results
        )
    v_inverse, improvement = 0.0, 0.0
    for other, outcome in games:
        g = _g(other.deviation / SCALE)
        e = expected(own, other)
        v_inverse += g * g * e * (1 - e)
        improvement += g * (outcome - e)
    v = 1 / v_inverse
    sigma = _volatility(sigma, phi, v, v * improvement)
    phi_star = math.sqrt(phi**2 + sigma**2)
    phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu += phi**2 * improvement
    return Rating(mu * SCALE + START_RATING, phi * SCALE, sigma, own.results + len(games))
