# Generates assets/meshes/skiff.obj (run from the repository root): a 4 m skiff hull (transom stern, raked bow), closed.
import math
N = 20            # stations
L = 4.0
out = ["# skiff.obj: a 4 m x 1.6 m skiff hull, closed and outward-oriented (generated for lieride).",
       "# Body axes: x forward (bow at +x), y to port, z up; deck at z = 0.35."]
verts = []
rings = []
for i in range(N + 1):
    s = i / N                      # 0 = transom, 1 = bow
    x = -L / 2 + L * s
    b = 0.8 * (1.0 - max(0.0, (s - 0.55) / 0.45) ** 1.6 * 0.97)   # half beam, narrowing to the bow
    zk = -0.45 + 0.55 * max(0.0, (s - 0.5) / 0.5) ** 2             # keel rises at the bow
    zc = min(-0.22 + 0.35 * max(0.0, (s - 0.6) / 0.4) ** 2, 0.3)   # chine
    zd = 0.35
    pts = [(x, b, zd), (x, 0.92 * b, zc), (x, 0.0, zk), (x, -0.92 * b, zc), (x, -b, zd)]
    ring = []
    for p in pts:
        verts.append(p)
        ring.append(len(verts))
    rings.append(ring)
for v in verts:
    out.append("v %.6f %.6f %.6f" % v)
M = 5
faces = []
for i in range(N):
    a, b = rings[i], rings[i + 1]
    for j in range(M):
        k = (j + 1) % M
        faces.append((a[j], a[k], b[k], b[j]))
# caps: transom (i = 0) and bow (i = N), fans from a centre vertex
for ring, flip in ((rings[0], False), (rings[N], True)):
    cx = sum(verts[r - 1][0] for r in ring) / M
    cy = sum(verts[r - 1][1] for r in ring) / M
    cz = sum(verts[r - 1][2] for r in ring) / M
    out.append("v %.6f %.6f %.6f" % (cx, cy, cz))
    verts.append((cx, cy, cz))
    c = len(verts)
    for j in range(M):
        k = (j + 1) % M
        faces.append((c, ring[k], ring[j]) if not flip else (c, ring[j], ring[k]))
for f in faces:
    out.append("f " + " ".join(str(x) for x in f))
open("assets/meshes/skiff.obj", "w").write("\n".join(out) + "\n")
