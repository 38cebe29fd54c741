"""Each variant's three cut points of the measure's key (grades.py): the quartiles of its
winnable deals. Written by tools/difficulty_index.py; do not edit."""

# pyramid: 105,056 winnable of 160,000 graded deals (0..159,999):
#     easy 26,280, medium 26,413, hard 26,499, expert 25,864
# classic: 38,555 winnable of 1,000,000 graded deals (0..999,999):
#     easy 9,639, medium 9,643, hard 9,636, expert 9,637
# classic-redeal: 107,910 winnable of 220,000 graded deals (0..219,999):
#     easy 27,006, medium 26,976, hard 26,952, expert 26,976
# three-wastes: 107,029 winnable of 240,000 graded deals (0..239,999):
#     easy 26,770, medium 26,776, hard 26,726, expert 26,757
# giza: 103,192 winnable of 270,000 graded deals (0..269,999):
#     easy 25,826, medium 26,178, hard 25,455, expert 25,733
# open-stock: 106,416 winnable of 160,000 graded deals (0..159,999):
#     easy 26,673, medium 26,557, hard 26,590, expert 26,596
MEASURE_VERSION = "greedy16+states/3"
THRESHOLDS: dict[str, list[int]] = {
    "pyramid": [2000062, 18000080, 32000086],
    "classic": [28000054, 32000178, 32001383],
    "classic-redeal": [20000060, 32000135, 32004850],
    "three-wastes": [30000063, 32000284, 32002915],
    "giza": [22000045, 30000041, 32000070],
    "open-stock": [6000054, 20000076, 32000071],
}
