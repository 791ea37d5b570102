import { describe, expect, it } from "vitest";
import { nextCellIndex } from "../../../src/ui/pages/dashboard/gridNavigation";

/** 10 cards in rows of 4: 0-3, 4-7, and a short last row 8-9. */
const COUNT = 10;
const COLUMNS = 4;
const move = (key: string, index: number, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) => nextCellIndex({ key, ...modifiers }, index, COUNT, COLUMNS);

describe("where a key moves focus in the deal grid", () => {
  it("goes right and left in reading order, on to the next row at a row's end and back", () => {
    expect(move("ArrowRight", 0)).toBe(1);
    expect(move("ArrowRight", 3)).toBe(4);
    expect(move("ArrowLeft", 4)).toBe(3);
    expect(move("ArrowLeft", 0)).toBeNull();
    expect(move("ArrowRight", COUNT - 1)).toBeNull();
  });

  it("goes down and up a column, landing on the short last row's last card", () => {
    expect(move("ArrowDown", 1)).toBe(5);
    expect(move("ArrowDown", 6)).toBe(9);
    expect(move("ArrowDown", 9)).toBeNull();
    expect(move("ArrowDown", 8)).toBeNull();
    expect(move("ArrowUp", 9)).toBe(5);
    expect(move("ArrowUp", 2)).toBeNull();
  });

  it("goes to a row's ends with Home and End, and to the grid's with Ctrl or Cmd", () => {
    expect(move("Home", 6)).toBe(4);
    expect(move("End", 5)).toBe(7);
    expect(move("End", 8)).toBe(9);
    expect(move("Home", 6, { ctrlKey: true })).toBe(0);
    expect(move("End", 2, { metaKey: true })).toBe(9);
    expect(move("Home", 4)).toBeNull();
  });

  it("ignores other keys, and an empty grid", () => {
    expect(move("Enter", 0)).toBeNull();
    expect(move("a", 0)).toBeNull();
    expect(nextCellIndex({ key: "ArrowRight" }, 0, 0, COLUMNS)).toBeNull();
  });

  it("in one column, Down and Right both go to the next card", () => {
    expect(nextCellIndex({ key: "ArrowDown" }, 2, 5, 1)).toBe(3);
    expect(nextCellIndex({ key: "ArrowRight" }, 2, 5, 1)).toBe(3);
    expect(nextCellIndex({ key: "ArrowDown" }, 4, 5, 1)).toBeNull();
  });
});
