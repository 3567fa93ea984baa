#include "core/picture/svg_board.h"

#include "core/picture/markup.h"

#define CELL 60          /* distance between neighbouring cells */
#define GAP 3            /* half the space between two touching pieces */
#define FRAME 14         /* width of the frame round the board */
#define PIECE_RADIUS 9
#define BOARD_WIDTH (2 * FRAME + KL_COLS * CELL)
#define BOARD_HEIGHT (2 * FRAME + KL_ROWS * CELL)
#define FIRST_CAPTION_SIZE 17
#define CAPTION_SIZE 13
#define CAPTION_LEADING 8

struct piece_style {
    const char *name;
    const char *fill;
    const char *edge;
};

/* One colour per shape; the 2x2 alone is red, so the piece that must escape stands out. */
static const struct piece_style piece_styles[KL_PIECE_KINDS] = {
    [KL_PIECE_SINGLE] = {"single", "#f2b134", "#a77512"},
    [KL_PIECE_HORIZONTAL] = {"horizontal", "#3f88c5", "#255b88"},
    [KL_PIECE_VERTICAL] = {"vertical", "#44a46a", "#2b7048"},
    [KL_PIECE_KING] = {"king", "#d8443c", "#962922"},
};

const char *svg_board_kind_name(enum kl_piece kind) { return piece_styles[kind].name; }

static int caption_height(const char *const *caption)
{
    int height = 0;
    for (int i = 0; caption && caption[i]; i++)
        height += (i == 0 ? FIRST_CAPTION_SIZE : CAPTION_SIZE) + CAPTION_LEADING;
    return height ? height + CAPTION_LEADING : 0;
}

/* The frame, the floor, and the exit: the bottom edge is open under the middle two
 * columns. */
static void write_frame(FILE *out)
{
    fprintf(out,
            "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" rx=\"12\" fill=\"#6b4a2e\"/>\n"
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4ecdc\"/>\n"
            "<rect class=\"exit\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4ecdc\"/>\n"
            "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" fill=\"#8c6a46\" "
            "letter-spacing=\"3\">EXIT</text>\n",
            BOARD_WIDTH, BOARD_HEIGHT, FRAME, FRAME, KL_COLS * CELL, KL_ROWS * CELL, FRAME + CELL,
            FRAME + KL_ROWS * CELL, 2 * CELL, FRAME, BOARD_WIDTH / 2, BOARD_HEIGHT - FRAME / 2 + 4);
}

static void write_piece(FILE *out, enum kl_piece kind, int anchor)
{
    int wide = kind == KL_PIECE_HORIZONTAL || kind == KL_PIECE_KING ? 2 : 1;
    int tall = kind == KL_PIECE_VERTICAL || kind == KL_PIECE_KING ? 2 : 1;
    const struct piece_style *s = &piece_styles[kind];
    fprintf(out,
            "<rect class=\"piece %s\" data-kind=\"%s\" data-cell=\"%d\" x=\"%d\" y=\"%d\" "
            "width=\"%d\" height=\"%d\" rx=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n",
            s->name, s->name, anchor, FRAME + anchor % KL_COLS * CELL + GAP,
            FRAME + anchor / KL_COLS * CELL + GAP, wide * CELL - 2 * GAP, tall * CELL - 2 * GAP,
            PIECE_RADIUS, s->fill, s->edge);
}

static void write_caption(FILE *out, const char *const *caption)
{
    int y = BOARD_HEIGHT;
    for (int i = 0; caption && caption[i]; i++) {
        int size = i == 0 ? FIRST_CAPTION_SIZE : CAPTION_SIZE;
        y += size + CAPTION_LEADING;
        fprintf(out, "<text class=\"caption\" x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" "
                     "fill=\"%s\">", BOARD_WIDTH / 2, y, size, i == 0 ? "#222" : "#555");
        markup_text(out, caption[i]);
        fputs("</text>\n", out);
    }
}

void svg_board_write(FILE *out, kl_code code, const char *const *caption, const char *title)
{
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    int height = BOARD_HEIGHT + caption_height(caption);
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" data-code=\"%s\" "
            "data-cell-size=\"%d\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
            "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n",
            hex, CELL, BOARD_WIDTH, height, BOARD_WIDTH, height);
    if (title) {
        fputs("<title>", out);
        markup_text(out, title);
        fputs("</title>\n", out);
    }
    write_frame(out);
    for (int addr = 0; addr < KL_CELLS; addr++) {
        int kind = kl_piece_of_anchor_cell(kl_raw_cell(raw, addr));
        if (kind >= 0)
            write_piece(out, (enum kl_piece)kind, addr);
    }
    write_caption(out, caption);
    fputs("</svg>\n", out);
}
