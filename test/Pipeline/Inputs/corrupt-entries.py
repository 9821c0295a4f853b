"""Damages every entry of a kernel cache directory (kernel-cache.test):
flips the last byte of each file, as a bad disk or a careless edit would."""
import glob
import sys

files = sorted(glob.glob(sys.argv[1] + "/*.nvc"))
for path in files:
    with open(path, "r+b") as f:
        f.seek(-1, 2)
        last = f.read(1)
        f.seek(-1, 2)
        f.write(bytes([last[0] ^ 1]))
print("damaged", len(files), "entries")
