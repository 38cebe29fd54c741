"""Each variant's three cut points of the measure's key (grades.py): the quartiles of its
winnable deals. Written by tools/difficulty_index.py; do not edit."""

# pyramid: 1,314 winnable of 2,000 graded deals (0..1,999):
#     easy 330, medium 328, hard 328, expert 328
# classic: 381 winnable of 10,000 graded deals (0..9,999):
#     easy 96, medium 95, hard 95, expert 95
# classic-redeal: 494 winnable of 1,000 graded deals (0..999):
#     easy 124, medium 123, hard 124, expert 123
# three-wastes: 453 winnable of 1,000 graded deals (0..999):
#     easy 114, medium 113, hard 113, expert 113
# giza: 205 winnable of 500 graded deals (0..499):
#     easy 52, medium 51, hard 51, expert 51
# open-stock: 356 winnable of 500 graded deals (0..499):
#     easy 90, medium 88, hard 89, expert 89
# pyramid-dozen: 904 winnable of 10,000 graded deals (0..9,999):
#     easy 228, medium 224, hard 226, expert 226
# tuts-tomb: 1,128 winnable of 2,000 graded deals (0..1,999):
#     easy 282, medium 282, hard 282, expert 282
# cheops: 1,971 winnable of 2,000 graded deals (0..1,999):
#     easy 493, medium 493, hard 493, expert 492
# triangle: 1,301 winnable of 2,000 graded deals (0..1,999):
#     easy 326, medium 325, hard 326, expert 324
# eleven-triangle: 1,375 winnable of 10,000 graded deals (0..9,999):
#     easy 344, medium 344, hard 344, expert 343
# pharaohs: 1,466 winnable of 200,000 graded deals (0..199,999):
#     easy 367, medium 366, hard 367, expert 366
# thirteen: 709 winnable of 10,000 graded deals (0..9,999):
#     easy 178, medium 177, hard 177, expert 177
# apophis: 6,699 winnable of 10,000 graded deals (0..9,999):
#     easy 1,675, medium 1,675, hard 1,675, expert 1,674
MEASURE_VERSION = "greedy16+losing+states/3"
THRESHOLDS: dict[str, list[int]] = {
    "pyramid": [6000056, 20000066, 36000111],
    "classic": [26002252, 42000521, 56000228],
    "classic-redeal": [20000071, 38000078, 46023983],
    "three-wastes": [28005311, 46000268, 58004809],
    "giza": [22000043, 30000039, 74000069],
    "open-stock": [8000056, 22000067, 40000073],
    "pyramid-dozen": [30000040, 56001006, 76000186],
    "tuts-tomb": [38000081, 42007337, 52001320],
    "cheops": [46002065, 54019881, 66000112],
    "triangle": [18000071, 36000077, 44000080],
    "eleven-triangle": [38000343, 46000493, 54000126],
    "pharaohs": [56000167, 74000083, 90000247],
    "thirteen": [42000550, 50014918, 60041938],
    "apophis": [10000079, 22000210, 38000139],
}
