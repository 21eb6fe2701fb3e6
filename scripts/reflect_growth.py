#!/usr/bin/env python3
"""Independent check of nh-reflect's period-2 mode on the Chaplygin sleigh (docs/nonholonomic.md).

Ferraro et al. Eqs. 4 and 6 written from the paper in plain Python, sharing no code with the engine:
centre-of-mass coordinates q = (theta, x, y), M = diag(J, m, m), constraint
mu(q) qdot = a thetadot + sin(theta) xdot - cos(theta) ydot = 0, L_d = (q1-q0)^T M (q1-q0) / (2h).
The discrete velocity v_{k+1/2} = (q_{k+1} - q_k)/h obeys v_{k+1/2} = R(q_k) v_{k-1/2}, R the
reflection across the constraint in the metric M (determinant -1).
Starts (q0, q1):
  eq12   Ferraro et al. Eq. 12: mu(q0) (q1 - q0) = 0, q1 = q0 + h v0;
  exact  q1 = q(h), the continuous solution;
  half   half the constraint impulse: M (q1 - q0)/h = M v0 + (h/2) mu(q0)^T lambda0.
Prints, per start and h: the first time the pose error (theta, x, y of the blade point, against
RK4 at h/200) exceeds 1 m, the alternating part of the normal velocity at t = 2 and its growth
to t = 22 against exp(kappa * forward distance), kappa = m a / (J + m a^2).
usage: scripts/reflect_growth.py [h ...]      (default 0.1 0.05)
"""
import math
import sys

m, J, a = 1.0, 1.0, 0.2
Minv = [1.0 / J, 1.0 / m, 1.0 / m]   # M = diag(J, m, m)
kappa = m * a / (J + m * a * a)
theta0, omega0, vx0 = 0.0, 0.589, -2.4   # bench sleigh: Ferraro et al. Fig. 6
T = 50.0


def add(u, v, s=1.0):
    return [x + s * y for x, y in zip(u, v)]


def dot(u, v):
    return sum(x * y for x, y in zip(u, v))


def mu(q):
    return [a, math.sin(q[0]), -math.cos(q[0])]


def reflect(q, v):
    n = mu(q)
    minv_n = [w * x for w, x in zip(Minv, n)]
    return add(v, minv_n, -2.0 * dot(n, v) / dot(n, minv_n))


def com_state(theta, x, y, omega, vx):
    c, s = math.cos(theta), math.sin(theta)
    q = [theta, x + a * c, y + a * s]
    qd = [omega, vx * c - a * s * omega, vx * s + a * c * omega]
    return q, qd


def reduced_rate(y):
    th, _, _, om, vx = y
    return [om, vx * math.cos(th), vx * math.sin(th), -m * a * vx * om / (J + m * a * a), a * om * om]


def rk4(y, h):
    k1 = reduced_rate(y)
    k2 = reduced_rate(add(y, k1, 0.5 * h))
    k3 = reduced_rate(add(y, k2, 0.5 * h))
    k4 = reduced_rate(add(y, k3, h))
    return [y[i] + h / 6.0 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) for i in range(5)]


def reference(h, n, sub=200):
    """Blade-point poses (theta, x, y) and forward speeds at t = k h, k = 0..n."""
    y = [theta0, 0.0, 0.0, omega0, vx0]
    poses, speeds = [y[:3]], [y[4]]
    for _ in range(n):
        for _ in range(sub):
            y = rk4(y, h / sub)
        poses.append(y[:3])
        speeds.append(y[4])
    return poses, speeds


def blade_pose(q):
    return [q[0], q[1] - a * math.cos(q[0]), q[2] - a * math.sin(q[0])]


def run(h, start, ref_poses):
    n = len(ref_poses) - 1
    q0, v0 = com_state(theta0, 0.0, 0.0, omega0, vx0)
    if start == "eq12":
        q1 = add(q0, v0, h)
    elif start == "exact":
        p = ref_poses[1]
        q1, _ = com_state(p[0], p[1], p[2], 0.0, 0.0)
    else:  # half: lambda0 from mu qdd + mu_dot qdot = 0 with M qdd = mu^T lambda
        n0 = mu(q0)
        mudot_qd = v0[0] * (math.cos(q0[0]) * v0[1] + math.sin(q0[0]) * v0[2])
        minv_n = [w * x for w, x in zip(Minv, n0)]
        lam0 = -mudot_qd / dot(n0, minv_n)
        q1 = add(q0, add(v0, minv_n, 0.5 * h * lam0), h)
    qs = [q0, q1]
    for _ in range(n - 1):
        qk, qprev = qs[-1], qs[-2]
        qs.append(add(qk, reflect(qk, add(qk, qprev, -1.0))))
    # Normal part of the arriving velocity v_{k-1/2} at q_k (k = 1..n); its alternating part
    # (fourth difference / 16: a smooth part enters at O(h^4)); alt[j] belongs to step j + 3.
    normal = [dot(mu(qs[k]), add(qs[k], qs[k - 1], -1.0)) / h for k in range(1, n + 1)]
    alt = [abs(normal[j] - 4 * normal[j + 1] + 6 * normal[j + 2] - 4 * normal[j + 3] + normal[j + 4]) / 16.0
           for j in range(len(normal) - 4)]
    err = [math.sqrt(sum(d * d for d in add(blade_pose(qs[k]), ref_poses[k], -1.0))) for k in range(n + 1)]
    return alt, err


def main():
    hs = [float(x) for x in sys.argv[1:]] or [0.1, 0.05]
    print(f"kappa = m a / (J + m a^2) = {kappa:.5f} 1/m")
    for h in hs:
        n = int(round(T / h))
        ref, speeds = reference(h, n)
        dist = [0.0]   # forward distance travelled along the blade (trapezoid rule)
        for k in range(n):
            dist.append(dist[-1] + 0.5 * (speeds[k] + speeds[k + 1]) * h)
        k2, k22 = int(round(2.0 / h)), int(round(22.0 / h))
        predicted = math.exp(kappa * (dist[k22] - dist[k2]))
        for start in ("eq12", "exact", "half"):
            alt, err = run(h, start, ref)
            a2 = sum(alt[k2 - 3 - 5:k2 - 3 + 5]) / 10.0
            a22 = sum(alt[k22 - 3 - 5:k22 - 3 + 5]) / 10.0
            over = [k for k, e in enumerate(err) if e > 1.0]
            onset = f"{over[0] * h:.1f} s" if over else f"> {T:.0f} s"
            print(f"h = {h:g} start {start:5s}: alternating normal velocity at t = 2: {a2:.3e} m/s, "
                  f"growth t = 2..22 x{a22 / a2:.0f} (predicted exp(kappa * distance) x{predicted:.0f}), "
                  f"pose error > 1 m from t = {onset}")


if __name__ == "__main__":
    main()
