/**
 * The demo's published change notice (docs/decisions/0072-change-notices.md): a minor packaging change
 * to a featured product that the demo companies asked prices of, so that their 管理员, 质量 and 采购
 * find it under 变更通知 and the quality desk's report has people to list.
 */
export const DEMO_CHANGE_NOTICE = {
  product: '羟丙甲纤维素',
  kind: 'packaging',
  title: '内包装袋供应商变更',
  description: [
    '羟丙甲纤维素（E5、E15 等各型号）直接接触药品的内包装袋（药用低密度聚乙烯袋）供应商由原供应商变更为另一家已完成登记的药包材企业。',
    '新包装袋的材质、规格、厚度与密封方式均不变，已在 CDE 原辅包登记平台完成关联登记；外包装（纸板桶）不变。',
  ].join('\n'),
  impactLevel: 'minor',
  impact: '按《药品上市后变更管理办法（试行）》与 IPEC 重大变更指南评估为微小变更：已完成相容性研究与 3 批加速稳定性考察，质量标准与检验结果无变化。制剂客户一般无需补充研究，请按贵司变更控制程序评估并确认已阅。',
  /** Days from publication to the change taking effect. */
  effectiveInDays: 60,
} as const;
