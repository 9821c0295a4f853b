//===- ClusterEnv.cpp - A rank's place in a cluster, from its environment -===//
//
// See ClusterEnv.h for the variables read and their order.
//
//===----------------------------------------------------------------------===//

#include "ClusterEnv.h"

#include <cerrno>
#include <cstdlib>

using namespace neve_cluster;

const char *neve_cluster::launcherName(Launcher l) {
  switch (l) {
  case Launcher::None:
    return "none";
  case Launcher::NeveLaunch:
    return "neve-launch";
  case Launcher::Torchrun:
    return "torchrun";
  case Launcher::Slurm:
    return "slurm";
  }
  return "none";
}

namespace {

/// A set, non-empty variable, or null.
const char *lookup(const GetEnv &getenv, const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : nullptr;
}

/// `name`'s value as an integer in [lo, hi]; false with `error` otherwise.
bool number(const GetEnv &getenv, const char *name, long lo, long hi,
            int &out, std::string &error) {
  const char *v = lookup(getenv, name);
  if (!v) {
    error = std::string(name) + " is not set";
    return false;
  }
  char *end = nullptr;
  errno = 0;
  long n = std::strtol(v, &end, 10);
  if (errno || *end || n < lo || n > hi) {
    error = std::string(name) + "='" + v + "' is not a number from " +
            std::to_string(lo) + " to " + std::to_string(hi);
    return false;
  }
  out = int(n);
  return true;
}

constexpr long kMaxRanks = 1 << 20;

/// Rank, world size and local rank from three variables; the rank must be
/// below the world size.
bool ranks(const GetEnv &getenv, const char *rank, const char *world,
           const char *local, ClusterEnv &out, std::string &error) {
  if (!number(getenv, world, 1, kMaxRanks, out.worldSize, error) ||
      !number(getenv, rank, 0, kMaxRanks, out.rank, error))
    return false;
  if (out.rank >= out.worldSize) {
    error = std::string(rank) + "=" + std::to_string(out.rank) +
            " is not below " + world + "=" + std::to_string(out.worldSize);
    return false;
  }
  out.localRank = out.rank;
  if (lookup(getenv, local) &&
      !number(getenv, local, 0, kMaxRanks, out.localRank, error))
    return false;
  return true;
}

bool masterPort(const GetEnv &getenv, int fallback, ClusterEnv &out,
                std::string &error) {
  if (!lookup(getenv, "MASTER_PORT")) {
    if (fallback > 0) {
      out.masterPort = fallback;
      return true;
    }
    error = "MASTER_PORT is not set";
    return false;
  }
  return number(getenv, "MASTER_PORT", 1, 65535, out.masterPort, error);
}

} // namespace

std::string neve_cluster::firstSlurmHost(const std::string &nodelist) {
  // The first entry ends at the first comma outside brackets; each bracket
  // group in it contributes its first value, as written ("07" keeps its 0).
  std::string host;
  size_t i = 0;
  while (i < nodelist.size() && nodelist[i] != ',') {
    char c = nodelist[i];
    if (c == ']')
      return "";
    if (c != '[') {
      host += c;
      ++i;
      continue;
    }
    size_t close = nodelist.find(']', i);
    if (close == std::string::npos)
      return "";
    std::string group = nodelist.substr(i + 1, close - i - 1);
    size_t stop = group.find_first_of(",-");
    std::string first = group.substr(0, stop);
    if (first.empty() || first.find('[') != std::string::npos)
      return "";
    for (char d : first)
      if (d < '0' || d > '9')
        return "";
    host += first;
    i = close + 1;
  }
  return host;
}

bool neve_cluster::detectCluster(const GetEnv &getenv, ClusterEnv &out,
                                 std::string &error) {
  out = ClusterEnv();
  if (lookup(getenv, "NEVE_RANK") || lookup(getenv, "NEVE_WORLD_SIZE")) {
    out.launcher = Launcher::NeveLaunch;
    if (!lookup(getenv, "NEVE_RANK")) {
      error = "NEVE_WORLD_SIZE is set but NEVE_RANK is not";
      return false;
    }
    if (!ranks(getenv, "NEVE_RANK", "NEVE_WORLD_SIZE", "NEVE_LOCAL_RANK", out,
               error))
      return false;
    if (const char *id = lookup(getenv, "NEVE_NCCL_ID"))
      out.idFile = id;
    return true;
  }
  if (lookup(getenv, "RANK") || lookup(getenv, "WORLD_SIZE")) {
    out.launcher = Launcher::Torchrun;
    if (!ranks(getenv, "RANK", "WORLD_SIZE", "LOCAL_RANK", out, error))
      return false;
    const char *addr = lookup(getenv, "MASTER_ADDR");
    if (!addr) {
      error = "MASTER_ADDR is not set (torchrun sets it with RANK and "
              "WORLD_SIZE)";
      return false;
    }
    out.masterAddr = addr;
    return masterPort(getenv, 0, out, error);
  }
  if (lookup(getenv, "SLURM_PROCID")) {
    out.launcher = Launcher::Slurm;
    if (!ranks(getenv, "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID", out,
               error))
      return false;
    if (const char *addr = lookup(getenv, "MASTER_ADDR")) {
      out.masterAddr = addr;
    } else {
      const char *lists[] = {"SLURM_STEP_NODELIST", "SLURM_JOB_NODELIST",
                             "SLURM_NODELIST"};
      const char *list = nullptr, *listName = nullptr;
      for (const char *name : lists)
        if ((list = lookup(getenv, name))) {
          listName = name;
          break;
        }
      if (!list) {
        error = "SLURM_PROCID is set but no node list (SLURM_STEP_NODELIST, "
                "SLURM_JOB_NODELIST) nor MASTER_ADDR is";
        return false;
      }
      out.masterAddr = firstSlurmHost(list);
      if (out.masterAddr.empty()) {
        error = std::string(listName) + "='" + list +
                "' is not a node list (set MASTER_ADDR)";
        return false;
      }
    }
    return masterPort(getenv, kDefaultMasterPort, out, error);
  }
  return true;
}
