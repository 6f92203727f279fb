/* material.c -- compliance from verlet-js stiffness (silk_compliance_from_stiffness, the
   public law; silk.h explains the mapping) and the angle weights it needs. */
#include "material.h"

#include "detmath.h"

#include <math.h>

#define REF_STEP     16  /* compat frame(16): the pages' relaxation passes */
#define REF_SUBSTEPS 8.0 /* robust reference substeps at 1/60 s */

double silk_compliance_from_stiffness(double stiffness, double w)
{
    if (!isfinite(stiffness) || !isfinite(w) || w <= 0.0)
    {
        return 0.0;
    }
    /* compat frame(16): one pass multiplies a lone constraint's error by 1 - 4k/16 */
    double per_pass = fabs(1.0 - 4.0 * stiffness / REF_STEP);
    if (stiffness >= REF_STEP / 4.0 || per_pass == 0.0)
    {
        return 0.0; /* compat removes all of it (or overshoots): rigid */
    }
    if (stiffness <= 0.0 || per_pass >= 1.0)
    {
        return SILK_MAX_COMPLIANCE; /* compat never removes any of it */
    }
    /* r = per_pass^16 left per frame; robust keeps (1 - beta) per substep, 8 substeps */
    double keep = silk_det_exp(silk_det_log(per_pass) * (REF_STEP / REF_SUBSTEPS));
    double beta = 1.0 - keep;
    double hs = 1.0 / (SILK_COMPAT_FRAME_RATE * REF_SUBSTEPS);
    double compliance = hs * hs * w * keep / beta;
    return compliance < SILK_MAX_COMPLIANCE ? compliance : SILK_MAX_COMPLIANCE;
}

double silk_angle_weight(silk_vec2 pa, silk_vec2 pb, silk_vec2 pc)
{
    double ux = pa.x - pb.x, uy = pa.y - pb.y;
    double vx = pc.x - pb.x, vy = pc.y - pb.y;
    double lu2 = ux * ux + uy * uy;
    double lv2 = vx * vx + vy * vy;
    if (!(lu2 > 0.0) || !(lv2 > 0.0))
    {
        return 0.0;
    }
    double gax = uy / lu2, gay = -ux / lu2;
    double gcx = -vy / lv2, gcy = vx / lv2;
    double gbx = -(gax + gcx), gby = -(gay + gcy);
    return (gax * gax + gay * gay) + (gbx * gbx + gby * gby) + (gcx * gcx + gcy * gcy);
}

double silk_default_compliance(silk_constraint_kind kind, silk_vec2 a, silk_vec2 b, silk_vec2 c,
                               double stiffness)
{
    switch (kind)
    {
        case SILK_DISTANCE:
            return silk_compliance_from_stiffness(stiffness, 2.0);
        case SILK_ANGLE:
        {
            double w = silk_angle_weight(a, b, c);
            /* a degenerate angle (coincident points) has no scale: use a unit one */
            return silk_compliance_from_stiffness(stiffness, w > 0.0 && isfinite(w) ? w : 1.0);
        }
        default:
            return 0.0;
    }
}
