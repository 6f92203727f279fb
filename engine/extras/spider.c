/* spider.c -- the spider, its foot search (crawl) and the page loop's crawl rule.

   The spider is a thorax, a head and an abdomen held by two distances and one angle, and
   four rows of legs (right and left): three segments and a foot each, held at the joints by
   angle constraints. It does not walk by itself: crawl(leg) picks a web particle in the
   leg's quadrant (split by the body's heading), 35..100 px from the thorax, not already
   held by another foot, and adds a zero-length distance from the foot to it -- an attractor
   that drags the foot there a little every pass, not a weld. That is all the "walking". */
#include "build.h"
#include "../src/cold.h" /* a compiler attribute, not engine internals */

#include <math.h>
#include <string.h>

silk_spider_def silk_default_spider_def(void)
{
    silk_spider_def def;
    memset(&def, 0, sizeof(def));
    def.origin = (silk_vec2){400.0, -300.0};
    def.internal_cookie = SILK_EXTRAS_DEF_COOKIE;
    return def;
}

/* ---- the spider's state: the extras' extension block (silk.h, "Extensions") ------------

   Indices are stored plus one, so that all zero means "no web, no spider" (the core then
   saves no block, and a world without the extras can restore the snapshot). */
enum
{
    V_WEB = 0, /* web composite + 1 */
    V_SPIDER,  /* spider composite + 1 */
    V_THORAX,  /* particles + 1 */
    V_HEAD,
    V_ABDOMEN,
    V_FEET,             /* 8 feet, legs 0..7 */
    V_LEG = V_FEET + 8, /* spider_tick's counter, 0..7 */
    V_AUTO,             /* auto-crawl: 0 or 1 */
    V_COUNT
};

enum
{
    INPUT_AUTO_CRAWL = 0
};

#define GRIPS 8 /* crawl adds at most one grip per foot: room reserved with the spider */

static silk_status check_values(const int32_t* v, int32_t particles, int32_t constraints,
                                int32_t composites, int32_t* out_headroom)
{
    (void)constraints;
    bool ok = v[V_WEB] >= 0 && v[V_WEB] <= composites && v[V_SPIDER] >= 0 &&
              v[V_SPIDER] <= composites && v[V_LEG] >= 0 && v[V_LEG] < 8 &&
              (v[V_AUTO] == 0 || v[V_AUTO] == 1);
    for (int32_t k = V_THORAX; k < V_LEG; ++k)
    {
        /* a body only with a spider, and then every part a particle */
        ok = ok && (v[V_SPIDER] > 0 ? v[k] >= 1 && v[k] <= particles : v[k] == 0);
    }
    *out_headroom = v[V_SPIDER] > 0 ? GRIPS : 0;
    return ok ? SILK_OK : SILK_ERR_INDEX;
}

static silk_status check_input(int32_t code, int32_t value)
{
    return code == INPUT_AUTO_CRAWL && (value == 0 || value == 1) ? SILK_OK : SILK_ERR_RANGE;
}

static void apply_input(silk_world* world, int32_t code, int32_t value)
{
    (void)code;
    silk_world_extension_values(world)[V_AUTO] = value;
}

/* A clear removes the web and the spider; auto-crawl is a setting and stays. */
static void on_clear(int32_t* v)
{
    int32_t auto_crawl = v[V_AUTO];
    memset(v, 0, (size_t)V_COUNT * sizeof(int32_t));
    v[V_AUTO] = auto_crawl;
}

/* A rollback (silk.h, "Extensions", ROLLBACK) that removes the web or the spider forgets it,
   so the crawl never reads indices of removed composites and particles. A kept composite
   keeps all its particles (silk_world_rollback refuses anything else), so a kept spider's
   parts stay valid; grips into a removed web make the core refuse the rollback. */
static void on_rollback(int32_t* v, int32_t particles, int32_t constraints, int32_t composites)
{
    (void)particles;
    (void)constraints;
    if (v[V_WEB] > composites)
    {
        v[V_WEB] = 0;
    }
    if (v[V_SPIDER] > composites)
    {
        memset(&v[V_SPIDER], 0, (size_t)(V_LEG + 1 - V_SPIDER) * sizeof(int32_t));
    }
}

static void before_step(silk_world* world)
{
    const int32_t* v = silk_world_extension_values(world);
    if (v[V_AUTO] != 0 && v[V_SPIDER] > 0 && v[V_WEB] > 0)
    {
        silk_world_spider_tick(world, NULL);
    }
}

/* The extras' identity (silk.h, "Extensions", IDENTITY): the address of this object, which
   only this file can name. The tag alone is a value any host can pick. */
static const char extras_owner[] = "silk_extras";

bool silk_spider_owns(const silk_world* world)
{
    return silk_world_extension_owned_by(world, extras_owner);
}

SILK_COLD
silk_status silk_spider_install(silk_world* world)
{
    if (silk_spider_owns(world))
    {
        return SILK_OK;
    }
    silk_extension_def def = silk_default_extension_def();
    def.tag = SILK_EXTRAS_TAG;
    def.value_count = V_COUNT;
    def.before_step = before_step;
    def.check = check_values;
    def.check_input = check_input;
    def.apply_input = apply_input;
    def.on_clear = on_clear;
    def.on_rollback = on_rollback;
    def.particle_scratch = true; /* crawl's candidate list */
    def.owner = extras_owner;
    return silk_world_set_extension(world, &def);
}

silk_status silk_spider_require(silk_world* world)
{
    if (silk_world_extension_tag(world) != 0 && !silk_spider_owns(world))
    {
        return silk_world_report_error(world, SILK_ERR_STATE, "extension",
                                       "the world runs another extension; the spider needs "
                                       "the extras' (silk_extras_install replaces it)");
    }
    return SILK_OK;
}

silk_status silk_spider_ensure(silk_world* world)
{
    silk_status status = silk_spider_require(world);
    return status == SILK_OK ? silk_spider_install(world) : status;
}

silk_status silk_extras_install(silk_world* world)
{
    return world == NULL ? SILK_ERR_NULL : silk_spider_install(world);
}

void silk_spider_set_web(silk_world* world, int32_t composite)
{
    silk_world_extension_values(world)[V_WEB] = composite + 1;
}

void silk_spider_set_auto_crawl(silk_world* world, bool on)
{
    silk_world_extension_values(world)[V_AUTO] = on ? 1 : 0;
}

silk_status silk_world_set_auto_crawl(silk_world* world, bool on)
{
    if (world == NULL)
    {
        return SILK_ERR_NULL;
    }
    /* a host's own extension stays: the call says so instead of replacing it */
    silk_status status = silk_spider_ensure(world);
    return status == SILK_OK ? silk_world_extension_input(world, INPUT_AUTO_CRAWL, on ? 1 : 0)
                             : status;
}

bool silk_world_get_auto_crawl(const silk_world* world)
{
    int32_t v[V_COUNT];
    return silk_spider_owns(world) &&
           silk_world_get_extension_values(world, v, V_COUNT) == SILK_OK && v[V_AUTO] != 0;
}

/* p + unit(dir) * length, as verlet-js's p.add(dir.normal().mutableScale(length)). */
static silk_vec2 reach(silk_vec2 p, double dx, double dy, double length)
{
    double m = sqrt(dx * dx + dy * dy);
    double ux = silk_or_zero(dx / m) * length; /* normal() constructs; mutableScale does not */
    double uy = silk_or_zero(dy / m) * length;
    return (silk_vec2){silk_or_zero(p.x + ux), silk_or_zero(p.y + uy)};
}

/* One row of legs (right and left), pushed R1 L1 R2 L2 R3 L3 R4 L4 as the original does.
   On failure the caller rolls the whole spider back. */
SILK_COLD
static silk_status build_leg_row(silk_world* world, int32_t comp, int32_t row, int32_t base,
                                 int32_t feet[8])
{
    const int32_t thorax = base;
    const int32_t head = base + 1;
    const double t = row - 1.5;
    const double len = row == 0 ? 1.0 : row == 3 ? 0.9 : 0.7;
    silk_vec2 o = silk_build_position(world, thorax);
    int32_t r1, l1, r2, l2, r3, l3, r4, l4;
    silk_status s = SILK_OK;
#define STEP(expr)                                                                                 \
    if ((s = (expr)) != SILK_OK)                                                                   \
    return s
    STEP(silk_build_particle(world, comp, silk_or_zero(o.x + 3), silk_or_zero(o.y + t * 3), &r1));
    STEP(silk_build_particle(world, comp, silk_or_zero(o.x + -3), silk_or_zero(o.y + t * 3), &l1));
    STEP(silk_build_distance(world, comp, r1, thorax, 0.99));
    STEP(silk_build_distance(world, comp, l1, thorax, 0.99));
    silk_vec2 p = reach(silk_build_position(world, r1), 20, t * 30, 20 * len);
    STEP(silk_build_particle(world, comp, p.x, p.y, &r2));
    p = reach(silk_build_position(world, l1), -20, t * 30, 20 * len);
    STEP(silk_build_particle(world, comp, p.x, p.y, &l2));
    STEP(silk_build_distance(world, comp, r1, r2, 0.99));
    STEP(silk_build_distance(world, comp, l1, l2, 0.99));
    p = reach(silk_build_position(world, r2), 20, t * 50, 20 * len);
    STEP(silk_build_particle(world, comp, p.x, p.y, &r3));
    p = reach(silk_build_position(world, l2), -20, t * 50, 20 * len);
    STEP(silk_build_particle(world, comp, p.x, p.y, &l3));
    STEP(silk_build_distance(world, comp, r2, r3, 0.99));
    STEP(silk_build_distance(world, comp, l2, l3, 0.99));
    p = reach(silk_build_position(world, r3), 20, t * 100, 12 * len);
    STEP(silk_build_particle(world, comp, p.x, p.y, &r4));
    p = reach(silk_build_position(world, l3), -20, t * 100, 12 * len);
    STEP(silk_build_particle(world, comp, p.x, p.y, &l4));
    STEP(silk_build_distance(world, comp, r3, r4, 0.99));
    STEP(silk_build_distance(world, comp, l3, l4, 0.99));
    STEP(silk_build_angle(world, comp, r2, r3, r4, 0.9));
    STEP(silk_build_angle(world, comp, l2, l3, l4, 0.9));
    STEP(silk_build_angle(world, comp, r1, r2, r3, 0.4));
    STEP(silk_build_angle(world, comp, l1, l2, l3, 0.4));
    STEP(silk_build_angle(world, comp, thorax, r1, r2, 1));
    STEP(silk_build_angle(world, comp, thorax, l1, l2, 1));
    STEP(silk_build_angle(world, comp, head, thorax, r1, 1));
    STEP(silk_build_angle(world, comp, head, thorax, l1, 1));
#undef STEP
    feet[2 * row] = r4;
    feet[2 * row + 1] = l4;
    return SILK_OK;
}

SILK_COLD
static silk_status build_spider_unreported(silk_world* world, const silk_spider_def* def,
                                           int32_t* out_composite)
{
    if (world == NULL || def == NULL || out_composite == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (def->internal_cookie != SILK_EXTRAS_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (!silk_finite2(def->origin))
    {
        return SILK_ERR_NONFINITE;
    }
    /* checked first, installed last: a failing build leaves a host's extension (or none) */
    silk_status status = silk_spider_require(world);
    if (status != SILK_OK)
    {
        return status;
    }
    silk_world_mark mark = silk_world_get_mark(world);
    /* 35 particles, 67 constraints and room for the 8 grips crawl adds, so crawling never
       allocates. */
    SILK_TRY(silk_build_reserve(world, 35, 67 + GRIPS, 1));
    int32_t comp = 0;
    SILK_TRY(silk_world_add_composite(world, &comp));
    /* the origin arrives as a constructed Vec2 on the page: new Vec2(W/2, -300) */
    silk_vec2 o = {silk_or_zero(def->origin.x), silk_or_zero(def->origin.y)};
    int32_t thorax, head, abdomen;
    SILK_TRY(silk_build_particle(world, comp, o.x, o.y, &thorax));
    SILK_TRY(
        silk_build_particle(world, comp, silk_or_zero(o.x + 0), silk_or_zero(o.y + -5), &head));
    SILK_TRY(
        silk_build_particle(world, comp, silk_or_zero(o.x + 0), silk_or_zero(o.y + 10), &abdomen));
    SILK_TRY(silk_build_distance(world, comp, head, thorax, 1));
    SILK_TRY(silk_build_distance(world, comp, abdomen, thorax, 1));
    SILK_TRY(silk_build_angle(world, comp, abdomen, thorax, head, 0.4));
    int32_t feet[8];
    for (int32_t row = 0; row < 4; ++row)
    {
        SILK_TRY(build_leg_row(world, comp, row, thorax, feet));
    }
    SILK_TRY(silk_spider_ensure(world)); /* its scratch may meet a failing allocator */
    int32_t* v = silk_world_extension_values(world);
    v[V_SPIDER] = comp + 1;
    v[V_THORAX] = thorax + 1;
    v[V_HEAD] = head + 1;
    v[V_ABDOMEN] = abdomen + 1;
    for (int32_t k = 0; k < 8; ++k)
    {
        v[V_FEET + k] = feet[k] + 1;
    }
    v[V_LEG] = 0;
    *out_composite = comp;
    return SILK_OK;
}

SILK_COLD
silk_status silk_world_build_spider(silk_world* world, const silk_spider_def* def,
                                    int32_t* out_composite)
{
    silk_world_report_error(world, SILK_OK, "", ""); /* this call's detail, not an earlier one's */
    return silk_build_reported(world, build_spider_unreported(world, def, out_composite),
                               "must start from silk_default_spider_def()");
}

/* The spider as plain indices (-1: absent), read from the extension's values. */
typedef struct spider
{
    int32_t web, body, thorax, head;
    int32_t feet[8];
    int32_t leg;
} spider;

static spider read_spider(const int32_t* v)
{
    spider sp = {v[V_WEB] - 1, v[V_SPIDER] - 1, v[V_THORAX] - 1, v[V_HEAD] - 1, {0}, v[V_LEG]};
    for (int32_t k = 0; k < 8; ++k)
    {
        sp.feet[k] = v[V_FEET + k] - 1;
    }
    return sp;
}

/* Whether some foot already grips `particle`: a distance of the spider from a foot to it. */
static bool is_gripped(const silk_world* world, const spider* sp, int32_t begin, int32_t count,
                       int32_t particle)
{
    const uint8_t* kind = silk_world_constraint_kinds(world);
    const int32_t* ca = silk_world_constraint_a(world);
    const int32_t* cb = silk_world_constraint_b(world);
    for (int32_t j = begin; j < begin + count; ++j)
    {
        if (kind[j] != SILK_DISTANCE || cb[j] != particle)
        {
            continue;
        }
        for (int32_t k = 0; k < 8; ++k)
        {
            if (ca[j] == sp->feet[k])
            {
                return true;
            }
        }
    }
    return false;
}

/* Web particles in the leg's quadrant and ring, in order, into `out`; returns how many.
   [begin, begin + count): the spider's constraints in the flat arrays. */
static int32_t find_footholds(silk_world* world, const spider* sp, int32_t leg, int32_t begin,
                              int32_t count, int32_t* out)
{
    const silk_vec2* pos = silk_world_positions(world);
    silk_vec2 t = pos[sp->thorax];
    silk_vec2 right = {silk_or_zero(t.x + 1), silk_or_zero(t.y + 0)};
    double theta = silk_world_angle(world, right, t, pos[sp->head]);
    double b1x = silk_or_zero(silk_world_cos(world, theta)),
           b1y = silk_or_zero(silk_world_sin(world, theta));
    double b2x = silk_or_zero(silk_world_cos(world, theta + SILK_PI / 2));
    double b2y = silk_or_zero(silk_world_sin(world, theta + SILK_PI / 2));
    double f1 = leg < 4 ? 1 : -1;
    double f2 = leg % 2 == 0 ? 1 : 0;
    int32_t found = 0;
    const int32_t n = silk_world_particle_count(world);
    for (int32_t i = 0; i < n; ++i)
    {
        int32_t composite = -1;
        silk_world_particle_composite(world, i, &composite);
        if (composite != sp->web)
        {
            continue;
        }
        silk_vec2 w = pos[i];
        double dx = silk_or_zero(w.x - t.x);
        double dy = silk_or_zero(w.y - t.y);
        if (!((dx * b1x + dy * b1y) * f1 >= 0 && (dx * b2x + dy * b2y) * f2 >= 0))
        {
            continue;
        }
        double x = t.x - w.x;
        double y = t.y - w.y;
        double d2 = x * x + y * y;
        if (!(d2 >= 35 * 35 && d2 <= 100 * 100))
        {
            continue;
        }
        if (!is_gripped(world, sp, begin, count, i))
        {
            out[found++] = i;
        }
    }
    return found;
}

static void shuffle(silk_world* world, int32_t* v, int32_t n)
{
    for (int32_t i = n; i > 0; --i)
    {
        int32_t j = (int32_t)(silk_world_random(world) * i);
        int32_t x = v[i - 1];
        v[i - 1] = v[j];
        v[j] = x;
    }
}

/* The extension's values (all zero unless the installed extension is the extras' own, by
   identity: a host's with the extras' tag has other values and no scratch); SILK_ERR_NULL
   when `world` is not a world. */
static silk_status read_values(const silk_world* world, int32_t v[V_COUNT])
{
    memset(v, 0, (size_t)V_COUNT * sizeof(int32_t));
    silk_status status = silk_world_get_extension_values(world, v, 0);
    if (status == SILK_ERR_NULL)
    {
        return status;
    }
    if (silk_spider_owns(world))
    {
        silk_world_get_extension_values(world, v, V_COUNT);
    }
    return SILK_OK;
}

/* The spider's state, or SILK_ERR_STATE without a web and a spider. */
static silk_status get_spider(const silk_world* world, spider* out)
{
    int32_t v[V_COUNT];
    silk_status status = read_values(world, v);
    if (status != SILK_OK)
    {
        return status;
    }
    *out = read_spider(v);
    /* the indices against the world as it is now: never read past its arrays */
    int32_t headroom = 0;
    if (check_values(v, silk_world_particle_count(world), silk_world_constraint_count(world),
                     silk_world_composite_count(world), &headroom) != SILK_OK)
    {
        return SILK_ERR_STATE;
    }
    return out->web >= 0 && out->body >= 0 ? SILK_OK : SILK_ERR_STATE;
}

silk_status silk_world_crawl(silk_world* world, int32_t leg)
{
    spider sp;
    silk_status status = get_spider(world, &sp);
    if (status == SILK_ERR_NULL)
    {
        return status;
    }
    if (leg < 0 || leg > 7)
    {
        return SILK_ERR_INDEX;
    }
    if (status != SILK_OK)
    {
        return status;
    }
    int32_t begin = 0, constraints = 0;
    silk_world_composite_constraint_begin(world, sp.body, &begin);
    silk_world_composite_constraint_count(world, sp.body, &constraints);
    int32_t* candidates = silk_world_extension_scratch(world);
    if (candidates == NULL)
    {
        return SILK_ERR_STATE; /* not reached: get_spider saw the extras' own extension */
    }
    int32_t count = find_footholds(world, &sp, leg, begin, constraints, candidates);
    const int32_t foot = sp.feet[leg];
    const uint8_t* kind = silk_world_constraint_kinds(world);
    const int32_t* ca = silk_world_constraint_a(world);
    for (int32_t j = 0; j < constraints; ++j)
    {
        if (kind[begin + j] == SILK_DISTANCE && ca[begin + j] == foot)
        {
            silk_world_remove_constraint(world, sp.body, j);
            break;
        }
    }
    if (count == 0)
    {
        return SILK_OK;
    }
    shuffle(world, candidates, count);
    silk_distance_def grip = silk_default_distance_def();
    grip.a = foot;
    grip.b = candidates[0];
    grip.rest_from_positions = false;
    grip.rest = 0.0;
    int32_t index = 0;
    status = silk_world_add_distance(world, sp.body, &grip, &index);
    if (status == SILK_OK)
    {
        /* The robust solver: a grip is an attractor, not a link. With a link's compliance
           it pulls as hard as the leg resists, and after 4 s the legs reach 7x their rest
           length and the spider hangs 70 px lower than in compat (seed 1); ten times
           softer, the leg stretch is compat's (seeds 1-4, 8 substeps vs frame(16): max 3.5
           to 5.5 vs 3.1 to 5.4, mean 0.20 to 0.25 vs 0.34 to 0.40). Measured, not
           derived (lab/bench_cli.c measures the same stretch): compat's per-pass rule
           for a zero-rest distance (each end moves k/16 of the gap: 1 - 2k/16 of it left,
           against 1 - 4k/16 for a link) maps to only 2.5x a link's compliance, but under
           load compat's legs are softer than their own mapping (16 passes do not
           converge a chain of links and angles), so the derived value stretches them far
           more than compat does. docs/robust-solver.md has the figures. */
        double compliance = 0.0;
        silk_world_get_compliance(world, sp.body, index, &compliance);
        status = silk_world_set_compliance(world, sp.body, index, 10.0 * compliance);
    }
    return status;
}

silk_status silk_world_spider_tick(silk_world* world, bool* out_crawled)
{
    spider sp;
    silk_status status = get_spider(world, &sp);
    if (status != SILK_OK)
    {
        return status;
    }
    bool crawl = (int32_t)(silk_world_random(world) * 4) == 0;
    if (out_crawled != NULL)
    {
        *out_crawled = crawl;
    }
    if (!crawl)
    {
        return SILK_OK;
    }
    /* (legIndex++ * 3) % 8 depends only on legIndex mod 8, so the counter wraps at 8. */
    int32_t leg = (sp.leg * 3) % 8;
    silk_world_extension_values(world)[V_LEG] = (sp.leg + 1) % 8;
    return silk_world_crawl(world, leg);
}

int32_t silk_spider_grip_room(const silk_world* world)
{
    spider sp;
    if (!silk_world_get_auto_crawl(world) || get_spider(world, &sp) != SILK_OK)
    {
        return 0; /* nothing crawls: no constraint can be added during a run */
    }
    int32_t begin = 0, constraints = 0;
    silk_world_composite_constraint_begin(world, sp.body, &begin);
    silk_world_composite_constraint_count(world, sp.body, &constraints);
    const uint8_t* kind = silk_world_constraint_kinds(world);
    const int32_t* ca = silk_world_constraint_a(world);
    int32_t room = GRIPS;
    for (int32_t k = 0; k < 8; ++k)
    {
        /* crawl holds at most one grip per foot: the first distance from the foot */
        for (int32_t j = begin; j < begin + constraints; ++j)
        {
            if (kind[j] == SILK_DISTANCE && ca[j] == sp.feet[k])
            {
                room -= 1;
                break;
            }
        }
    }
    return room;
}

silk_status silk_world_spider_info(const silk_world* world, silk_spider_info* out_info)
{
    if (world == NULL || out_info == NULL)
    {
        return SILK_ERR_NULL;
    }
    int32_t v[V_COUNT];
    silk_status status = read_values(world, v);
    if (status != SILK_OK)
    {
        return status;
    }
    spider sp = read_spider(v);
    out_info->web_composite = sp.web;
    out_info->spider_composite = sp.body;
    out_info->thorax = sp.thorax;
    out_info->head = sp.head;
    out_info->abdomen = v[V_ABDOMEN] - 1;
    memcpy(out_info->feet, sp.feet, sizeof(out_info->feet));
    out_info->leg_index = sp.leg;
    return SILK_OK;
}
