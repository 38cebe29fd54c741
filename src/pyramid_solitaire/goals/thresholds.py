"""Each variant's three cut points of the measure's key (grades.py): the quartiles of its
winnable deals. Written by tools/difficulty_index.py; do not edit."""

# pyramid: 1314 winnable of 2000 graded deals: easy 330, medium 328, hard 342, expert 314
# classic: 307 winnable of 8000 graded deals: easy 77, medium 77, hard 77, expert 76
# classic-redeal: 251 winnable of 500 graded deals: easy 64, medium 62, hard 63, expert 62
# three-wastes: 235 winnable of 500 graded deals: easy 59, medium 59, hard 59, expert 58
# giza: 777 winnable of 2000 graded deals: easy 196, medium 193, hard 194, expert 194
# open-stock: 1334 winnable of 2000 graded deals: easy 335, medium 333, hard 347, expert 319
MEASURE_VERSION = "greedy16+states/3"
THRESHOLDS: dict[str, list[int]] = {
    "pyramid": [6000056, 20000066, 32000088],
    "classic": [30000058, 32000205, 32001131],
    "classic-redeal": [20000073, 32000109, 32003314],
    "three-wastes": [28000269, 32000232, 32002384],
    "giza": [22000042, 30000038, 32000065],
    "open-stock": [8000056, 24000064, 32000073],
}
