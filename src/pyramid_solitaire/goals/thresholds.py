"""Each variant's three cut points of the measure's key (grades.py): the quartiles of its
winnable deals. Written by tools/difficulty_index.py; do not edit."""

# pyramid: 52,595 winnable of 80,000 graded deals (0..79,999):
#     easy 13,149, medium 13,266, hard 13,172, expert 13,008
# classic: 19,222 winnable of 500,000 graded deals (0..499,999):
#     easy 4,806, medium 4,816, hard 4,795, expert 4,805
# classic-redeal: 28,823 winnable of 59,000 graded deals (0..58,999):
#     easy 7,206, medium 7,218, hard 7,194, expert 7,205
# three-wastes: 26,667 winnable of 60,000 graded deals (0..59,999):
#     easy 6,669, medium 6,677, hard 6,655, expert 6,666
# giza: 25,569 winnable of 67,500 graded deals (0..67,499):
#     easy 6,414, medium 6,493, hard 6,304, expert 6,358
# open-stock: 26,541 winnable of 40,000 graded deals (0..39,999):
#     easy 6,669, medium 6,602, hard 6,890, expert 6,380
MEASURE_VERSION = "greedy16+states/3"
THRESHOLDS: dict[str, list[int]] = {
    "pyramid": [2000060, 18000080, 32000086],
    "classic": [26002664, 32000181, 32001399],
    "classic-redeal": [18021247, 32000134, 32004857],
    "three-wastes": [30000083, 32000289, 32002956],
    "giza": [22000043, 30000041, 32000070],
    "open-stock": [6000055, 20000103, 32000072],
}
