#!/usr/bin/env python3
"""Starts N ranks of a program the way torchrun or Slurm would, without
any launcher, and reports each one's output and exit status.

    env_ranks.py torchrun|slurm N PROGRAM [ARGS...]

Rank r gets torchrun's variables (RANK, WORLD_SIZE, LOCAL_RANK,
MASTER_ADDR=127.0.0.1, MASTER_PORT) or Slurm's (SLURM_PROCID,
SLURM_NTASKS, SLURM_LOCALID, SLURM_STEP_NODELIST with localhost first,
MASTER_PORT), a free loopback port, and the environment of this script
(NEVE_CUDA_LIBRARY, NEVE_NCCL_LIBRARY). Prints every rank's stdout lines,
sorted, then "rank R status S" for each; ranks still running after 60 s
are killed (status "killed").
"""
import os
import socket
import subprocess
import sys
import time


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main():
    style, n, prog = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    port = str(free_port())
    procs = []
    for r in range(n):
        env = dict(os.environ)
        for k in ("NEVE_RANK", "NEVE_WORLD_SIZE", "NEVE_LOCAL_RANK",
                  "NEVE_NCCL_ID", "RANK", "WORLD_SIZE", "LOCAL_RANK",
                  "MASTER_ADDR", "SLURM_PROCID", "SLURM_NTASKS",
                  "SLURM_LOCALID", "SLURM_STEP_NODELIST"):
            env.pop(k, None)
        env["MASTER_PORT"] = port
        if style == "torchrun":
            env.update(RANK=str(r), WORLD_SIZE=str(n), LOCAL_RANK=str(r),
                       MASTER_ADDR="127.0.0.1")
        else:
            env.update(SLURM_PROCID=str(r), SLURM_NTASKS=str(n),
                       SLURM_LOCALID=str(r % 2),
                       SLURM_STEP_NODELIST="localhost,node[2-9]")
        procs.append(subprocess.Popen(prog, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT, text=True))
    deadline = time.time() + 60
    lines, statuses = [], []
    for p in procs:
        try:
            out, _ = p.communicate(timeout=max(1, deadline - time.time()))
            statuses.append(str(p.returncode))
        except subprocess.TimeoutExpired:
            p.kill()
            out, _ = p.communicate()
            statuses.append("killed")
        lines.extend(out.splitlines())
    for line in sorted(lines):
        print(line)
    for r, s in enumerate(statuses):
        print("rank %d status %s" % (r, s))


if __name__ == "__main__":
    main()
