import { describe, expect, it } from "vitest";
import { showsSwipeIndicator, swipeDirection, swipedCategory } from "../../../src/ui/pages/dashboard/swipe";
import { columnsForWidth, dealImageWidth, isMobileWidth, visibleCategories } from "../../../src/ui/pages/dashboard/layout";

describe("swipe", () => {
  it("needs more than 50 px sideways", () => {
    expect(swipeDirection({ dx: -50, dy: 0, durationMs: 10 })).toBeNull();
    expect(swipeDirection({ dx: -51, dy: 0, durationMs: 10 })).toBe("next");
    expect(swipeDirection({ dx: 51, dy: 0, durationMs: 10 })).toBe("previous");
  });

  it("needs under 30 px vertically", () => {
    expect(swipeDirection({ dx: 100, dy: 29, durationMs: 10 })).toBe("previous");
    expect(swipeDirection({ dx: 100, dy: -30, durationMs: 10 })).toBeNull();
  });

  it("needs more than 0.3 px per ms", () => {
    expect(swipeDirection({ dx: 60, dy: 0, durationMs: 200 })).toBeNull();
    expect(swipeDirection({ dx: 60, dy: 0, durationMs: 199 })).toBe("previous");
  });

  it("shows the indicator after 15 px", () => {
    expect(showsSwipeIndicator(15)).toBe(false);
    expect(showsSwipeIndicator(-16)).toBe(true);
  });

  it("moves through the categories after All, and stays at either end", () => {
    const categories = ["Home", "Fashion"];
    expect(swipedCategory(categories, null, "next")).toBe("Home");
    expect(swipedCategory(categories, "home", "next")).toBe("Fashion");
    expect(swipedCategory(categories, "Fashion", "next")).toBe("Fashion");
    expect(swipedCategory(categories, "Home", "previous")).toBeNull();
    expect(swipedCategory(categories, null, "previous")).toBeNull();
  });
});

describe("layout", () => {
  it("has 4 columns by default, 3 at 1100 px or less, 2 at 700 or less, 1 at 350 or less", () => {
    expect(columnsForWidth(1101)).toBe(4);
    expect(columnsForWidth(1100)).toBe(3);
    expect(columnsForWidth(701)).toBe(3);
    expect(columnsForWidth(700)).toBe(2);
    expect(columnsForWidth(351)).toBe(2);
    expect(columnsForWidth(350)).toBe(1);
  });

  it("scales deal images by 0.7 on small screens", () => {
    expect(dealImageWidth(1280)).toBe(300);
    expect(dealImageWidth(375)).toBe(210);
    expect(isMobileWidth(768)).toBe(false);
  });

  it("shows six chips and '+N more' on desktop, all of them when expanded or on a phone", () => {
    const categories = ["a", "b", "c", "d", "e", "f", "g", "h"];
    expect(visibleCategories(categories, false, false)).toEqual({ shown: categories.slice(0, 6), hidden: 2 });
    expect(visibleCategories(categories, true, false)).toEqual({ shown: categories, hidden: 0 });
    expect(visibleCategories(categories, false, true)).toEqual({ shown: categories, hidden: 0 });
  });
});
