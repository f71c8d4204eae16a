/** CFOP_REQUIRE_MFA_FOR: `admin`, holders of the built-in administrator role; `none`, nobody. */
export const secondFactorRequirements = ['none', 'admin'] as const;

export type SecondFactorRequirement = (typeof secondFactorRequirements)[number];
