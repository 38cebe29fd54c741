// Each variant's three cut points of the measure's key (goals/grades.py's THRESHOLDS).
// Written by tools/difficulty_index.py; do not edit.
export const MEASURE_VERSION = "greedy16+losing+states/3";
export const THRESHOLDS = {"pyramid": [6000056, 20000066, 36000111], "classic": [26002252, 42000521, 56000228], "classic-redeal": [20000071, 38000078, 46023983], "three-wastes": [28005311, 46000268, 58004809], "giza": [22000043, 30000039, 74000069], "open-stock": [8000056, 22000067, 40000073]};
