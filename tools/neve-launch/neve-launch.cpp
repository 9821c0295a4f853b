//===- neve-launch.cpp - Start one process per GPU for NCCL ---------------===//
//
//   neve-launch -n N [--cpu] [--timeout SECONDS] [--] PROGRAM [ARGS...]
//   neve-launch --version
//
// One node only: ranks on several nodes come from torchrun or Slurm
// (lib/Runtime/GPU/ClusterEnv.h, docs/frost.md section 2.10).
//
// Starts N copies of PROGRAM, rank r with NEVE_RANK=r, NEVE_WORLD_SIZE=N,
// NEVE_LOCAL_RANK=r, NEVE_GPU_DEVICE=r (its GPU; not with --cpu) and
// NEVE_NCCL_ID naming the file through which rank 0 hands its NCCL unique
// id to the others (frost/distributed.nv does the handshake), in a fresh
// directory removed at the end. NCCL_NVLS_ENABLE=0: NVLink multicast stays
// off. The ranks share stdout and stderr.
//
// When a rank fails (a non-zero status or a signal), the others are
// stopped (SIGTERM, then SIGKILL after 5 s) so that none waits forever in
// a collective, and neve-launch exits with that rank's status, naming it.
// With --timeout, ranks still running after SECONDS are named and stopped
// the same way, and neve-launch exits with status 124 (as timeout(1)).
// SIGHUP, SIGINT and SIGTERM sent to neve-launch go to every rank; ranks
// still running 5 s later are killed, the directory is removed, and
// neve-launch exits with 128 + the signal. A rank whose launcher dies
// without cleaning up (SIGKILL) gets SIGTERM (PR_SET_PDEATHSIG).
//
// No LLVM: it runs on the GPU machine as it is.
//
//===----------------------------------------------------------------------===//

#include "neve/Support/Version.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

std::vector<pid_t> ranks;
/// The last of SIGHUP, SIGINT, SIGTERM received; the main loop forwards it.
volatile sig_atomic_t received = 0;

void onSignal(int sig) { received = sig; }

/// Seconds on a clock that does not jump.
double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void signalRanks(int sig) {
  for (pid_t p : ranks)
    if (p > 0)
      kill(p, sig);
}

/// "rank 1" or "ranks 0, 2": the ranks still running.
std::string runningRanks() {
  std::string names;
  int count = 0;
  for (size_t r = 0; r < ranks.size(); ++r)
    if (ranks[r] > 0)
      names += (count++ ? ", " : "") + std::to_string(r);
  return (count == 1 ? "rank " : "ranks ") + names;
}

int usage(const char *why) {
  if (why)
    std::fprintf(stderr, "neve-launch: %s\n", why);
  std::fprintf(stderr,
               "usage: neve-launch -n N [--cpu] [--timeout SECONDS] [--] PROGRAM "
               "[ARGS...]\n"
               "  starts N ranks of PROGRAM for Frost's NCCL data parallelism "
               "(NEVE_RANK, NEVE_WORLD_SIZE, NEVE_GPU_DEVICE, NEVE_NCCL_ID)\n"
               "  --timeout SECONDS: stop the ranks still running after "
               "SECONDS (status 124)\n");
  return 2;
}

int statusCode(int status) {
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return 1;
}

std::string describe(int status) {
  if (WIFSIGNALED(status))
    return std::string("was killed by signal ") +
           std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "exited with status " + std::to_string(statusCode(status));
}

} // namespace

int main(int argc, char **argv) {
  int n = 0;
  bool cpu = false;
  double timeout = 0; // seconds; 0: none
  int i = 1;
  for (; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-n" && i + 1 < argc) {
      char *end = nullptr;
      long v = std::strtol(argv[++i], &end, 10);
      if (!*argv[i] || *end || v < 1 || v > 1024)
        return usage((std::string("-n ") + argv[i] +
                      ": the number of ranks must be 1..1024")
                         .c_str());
      n = int(v);
    } else if (a == "--cpu") {
      cpu = true;
    } else if (a == "--timeout" && i + 1 < argc) {
      char *end = nullptr;
      double v = std::strtod(argv[++i], &end);
      if (!*argv[i] || *end || !(v > 0) || v > 1e9)
        return usage((std::string("--timeout ") + argv[i] +
                      ": a number of seconds greater than 0")
                         .c_str());
      timeout = v;
    } else if (a == "-h" || a == "--help") {
      usage(nullptr);
      return 0;
    } else if (a == "--version") {
      std::printf("neve-launch (Neve) %s\n", NEVE_VERSION);
      return 0;
    } else if (a == "--") {
      ++i;
      break;
    } else if (!a.empty() && a[0] == '-') {
      return usage(("unknown option " + a).c_str());
    } else {
      break;
    }
  }
  if (n == 0)
    return usage("-n N is required");
  if (i >= argc)
    return usage("no program to run");

  // Handled before the directory exists, so that a signal from here on is
  // not lost: the loop below forwards it once the ranks exist, then cleans
  // up.
  struct sigaction sa = {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGHUP, SIGINT, SIGTERM})
    sigaction(sig, &sa, nullptr);
  pid_t launcher = getpid();

  const char *tmpdir = std::getenv("TMPDIR");
  std::string tmpl = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") +
                     "/neve-launch-XXXXXX";
  std::vector<char> dirBuf(tmpl.begin(), tmpl.end());
  dirBuf.push_back('\0');
  char *dir = mkdtemp(dirBuf.data());
  if (!dir) {
    std::fprintf(stderr, "neve-launch: cannot create a directory %s: %s\n",
                 tmpl.c_str(), std::strerror(errno));
    return 1;
  }
  std::string idFile = std::string(dir) + "/nccl-id";

  ranks.assign(size_t(n), -1);
  bool forkFailed = false;
  for (int r = 0; r < n && !received; ++r) {
    pid_t pid = fork();
    if (pid < 0) {
      std::fprintf(stderr, "neve-launch: cannot start rank %d: %s\n", r,
                   std::strerror(errno));
      forkFailed = true;
      break;
    }
    if (pid == 0) {
      for (int sig : {SIGHUP, SIGINT, SIGTERM})
        signal(sig, SIG_DFL);
      // Ends with the launcher even if it is killed outright.
      prctl(PR_SET_PDEATHSIG, SIGTERM);
      if (getppid() != launcher)
        _exit(128 + SIGTERM);
      setenv("NEVE_RANK", std::to_string(r).c_str(), 1);
      setenv("NEVE_LOCAL_RANK", std::to_string(r).c_str(), 1);
      setenv("NEVE_WORLD_SIZE", std::to_string(n).c_str(), 1);
      setenv("NEVE_NCCL_ID", idFile.c_str(), 1);
      setenv("NCCL_NVLS_ENABLE", "0", 1);
      if (!cpu)
        setenv("NEVE_GPU_DEVICE", std::to_string(r).c_str(), 1);
      execvp(argv[i], argv + i);
      std::fprintf(stderr, "neve-launch: rank %d: cannot run %s: %s\n", r,
                   argv[i], std::strerror(errno));
      _exit(127);
    }
    ranks[size_t(r)] = pid;
  }

  int result = 0, failedRank = -1, alive = 0;
  for (pid_t p : ranks)
    alive += p > 0;
  int forwarded = 0;      // the signal passed on to the ranks, if any
  bool timedOut = false;
  double start = now();
  double killAt = 0;      // when stopping: SIGKILL for ranks left by then
  auto stop = [&](int sig) {
    signalRanks(sig);
    if (killAt == 0)
      killAt = now() + 5.0;
  };
  if (forkFailed) { // the ranks started must not wait for the missing one
    result = 1;
    failedRank = n;
    stop(SIGTERM);
  }
  // Polls rather than blocks, so that a signal, the timeout and the grace
  // period before SIGKILL are all noticed within 20 ms.
  while (alive > 0) {
    if (received && !forwarded) {
      forwarded = received;
      stop(forwarded);
    }
    if (timeout > 0 && !timedOut && now() - start >= timeout) {
      timedOut = true;
      std::fprintf(stderr,
                   "neve-launch: timeout after %g s: %s still running; "
                   "stopping %s\n",
                   timeout, runningRanks().c_str(),
                   alive == 1 ? "it" : "them");
      stop(SIGTERM);
    }
    if (killAt > 0 && now() >= killAt) {
      signalRanks(SIGKILL);
      killAt = -1; // once
    }
    int status = 0;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid == 0) {
      usleep(20 * 1000);
      continue;
    }
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    int r = -1;
    for (int k = 0; k < n; ++k)
      if (ranks[size_t(k)] == pid)
        r = k;
    if (r < 0)
      continue;
    ranks[size_t(r)] = -1;
    --alive;
    bool stopping = killAt != 0;
    if (statusCode(status) != 0 && failedRank < 0 && !stopping) {
      failedRank = r;
      result = statusCode(status);
      if (alive > 0) {
        std::fprintf(stderr,
                     "neve-launch: rank %d %s; stopping the other ranks\n", r,
                     describe(status).c_str());
        stop(SIGTERM);
      } else {
        std::fprintf(stderr, "neve-launch: rank %d %s\n", r,
                     describe(status).c_str());
      }
    }
  }
  unlink(idFile.c_str());
  rmdir(dir);
  if (forwarded)
    return 128 + forwarded;
  if (timedOut)
    return 124;
  return result;
}
