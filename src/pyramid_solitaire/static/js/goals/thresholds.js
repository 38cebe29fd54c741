// Each variant's three cut points of the measure's key (goals/grades.py's THRESHOLDS).
// Written by tools/difficulty_index.py; do not edit.
export const MEASURE_VERSION = "greedy16+states/3";
export const THRESHOLDS = {"pyramid": [2000060, 18000080, 32000086], "classic": [26002664, 32000181, 32001399], "classic-redeal": [18021247, 32000134, 32004857], "three-wastes": [30000083, 32000289, 32002956], "giza": [22000043, 30000041, 32000070], "open-stock": [6000055, 20000103, 32000072]};
