// N-body: five bodies (the Sun and the four giant planets) under gravity,
// symplectic Euler steps in float, state kept in parallel arrays.
// The same work as nbody.nv; both print the same lines.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

using Vec = std::vector<float>;

// Prints a float as Neve does between 1e-4 and 1e16: the shortest decimal
// that reads back to the same float, with at least one digit after the point.
static void printFloat(const char *label, float v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::fixed);
  *r.ptr = '\0';
  bool point = false;
  for (char *p = buf; p < r.ptr; ++p)
    point |= *p == '.';
  std::printf("%s%s%s\n", label, buf, point ? "" : ".0");
}

static float energy(const Vec &x, const Vec &y, const Vec &z, const Vec &vx,
                    const Vec &vy, const Vec &vz, const Vec &mass) {
  int n = (int)x.size();
  float e = 0.0f;
  for (int i = 0; i < n; ++i) {
    e += 0.5f * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
    for (int j = i + 1; j < n; ++j) {
      float dx = x[i] - x[j];
      float dy = y[i] - y[j];
      float dz = z[i] - z[j];
      e -= mass[i] * mass[j] / std::sqrt(dx * dx + dy * dy + dz * dz);
    }
  }
  return e;
}

static void advance(Vec &x, Vec &y, Vec &z, Vec &vx, Vec &vy, Vec &vz,
                    const Vec &mass, float dt, int steps) {
  int n = (int)x.size();
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        float dx = x[i] - x[j];
        float dy = y[i] - y[j];
        float dz = z[i] - z[j];
        float d2 = dx * dx + dy * dy + dz * dz;
        float mag = dt / (d2 * std::sqrt(d2));
        float mi = mass[i] * mag;
        float mj = mass[j] * mag;
        vx[i] -= dx * mj;
        vy[i] -= dy * mj;
        vz[i] -= dz * mj;
        vx[j] += dx * mi;
        vy[j] += dy * mi;
        vz[j] += dz * mi;
      }
    }
    for (int i = 0; i < n; ++i) {
      x[i] += dt * vx[i];
      y[i] += dt * vy[i];
      z[i] += dt * vz[i];
    }
  }
}

int main() {
  float pi = 3.14159265f;
  float solar_mass = 4.0f * pi * pi;
  float days = 365.24f;
  Vec x = {0.0f, 4.84143144f, 8.34336671f, 12.894369f, 15.3796971f};
  Vec y = {0.0f, -1.16032004f, 4.12479856f, -15.1111514f, -25.9193146f};
  Vec z = {0.0f, -0.103622044f, -0.403523417f, -0.223307578f, 0.179258772f};
  Vec vx = {0.0f, 0.00166007664f * days, -0.00276742510f * days,
            0.00296460137f * days, 0.00268067772f * days};
  Vec vy = {0.0f, 0.00769901118f * days, 0.00499852801f * days,
            0.00237847173f * days, 0.00162824170f * days};
  Vec vz = {0.0f, -0.0000690460016f * days, 0.0000230417297f * days,
            -0.0000296589568f * days, -0.0000951592254f * days};
  Vec mass = {solar_mass, 0.000954791938f * solar_mass,
              0.000285885980f * solar_mass, 0.0000436624404f * solar_mass,
              0.0000515138902f * solar_mass};
  // Offset the Sun's momentum so the system's centre of mass stays put.
  float px = 0.0f, py = 0.0f, pz = 0.0f;
  for (int i = 0; i < 5; ++i) {
    px += vx[i] * mass[i];
    py += vy[i] * mass[i];
    pz += vz[i] * mass[i];
  }
  vx[0] = -px / solar_mass;
  vy[0] = -py / solar_mass;
  vz[0] = -pz / solar_mass;
  printFloat("energy before: ", energy(x, y, z, vx, vy, vz, mass));
  advance(x, y, z, vx, vy, vz, mass, 0.01f, 10000000);
  printFloat("energy after: ", energy(x, y, z, vx, vy, vz, mass));
  return 0;
}
